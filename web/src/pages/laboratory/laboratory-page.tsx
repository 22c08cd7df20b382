import { useTranslation } from 'react-i18next';
import { LaterRelease } from '../../components/common/later-release';

/** /laboratory (laboratory): filled by a later issue; says so on screen. */
export function LaboratoryPage() {
  const { t } = useTranslation();
  return <LaterRelease title={t('laboratory.title')} testId="laboratory-page" />;
}
