import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-context';
import { LaterRelease } from '../../components/common/later-release';
import { NoAccess } from '../../components/common/no-access';

/** /admin/add (laboratory-add): filled by a later issue; says so on screen. */
export function LaboratoryAddPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // SPEC 6: super admins and manufacturer admins manage all laboratories.
  if (!permissions.showLaboratories) return <NoAccess />;
  return <LaterRelease title={t('laboratoryAdd.title')} testId="laboratory-add-page" />;
}
