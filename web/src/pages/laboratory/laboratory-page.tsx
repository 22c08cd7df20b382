import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-context';
import { NoAccess } from '../../components/common/no-access';
import { LaboratoryDetail } from '../../components/laboratories/laboratory-detail';

/** /laboratory: the own laboratory and its users, for a doctor who cannot manage all laboratories (SPEC 2 and 6). */
export function LaboratoryPage() {
  const { t } = useTranslation();
  const { me, permissions } = useSession();
  const laboratoryId = me.laboratory?.id;
  if (
    !laboratoryId ||
    !(permissions.showOwnLaboratory || permissions.isAdmin || permissions.canManageAllLaboratories)
  )
    return <NoAccess />;
  return (
    <div data-testid="laboratory-page">
      <Typography.Title level={3}>{t('laboratory.title')}</Typography.Title>
      <LaboratoryDetail laboratoryId={laboratoryId} />
    </div>
  );
}
