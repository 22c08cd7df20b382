import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /admin/laboratories (laboratories): filled by a later issue; says so on screen. */
export function LaboratoriesPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('laboratories.title')} testId="laboratories-page" />;
}
