import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /admin/add (laboratory-add): filled by a later issue; says so on screen. */
export function LaboratoryAddPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('laboratoryAdd.title')} testId="laboratory-add-page" />;
}
