import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /admin/configuration/kit (kit-configuration): filled by a later issue; says so on screen. */
export function KitConfigurationPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('configuration.kitTitle')} testId="kit-configuration-page" />;
}
