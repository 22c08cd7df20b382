import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /admin/configuration/lot (lot-configuration): filled by a later issue; says so on screen. */
export function LotConfigurationPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('configuration.lotTitle')} testId="lot-configuration-page" />;
}
