import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/session-context';
import { NoAccess } from '../../components/common/no-access';
import { PageTitle } from '../../components/common/page-title';

type TabKey = 'lot' | 'kit' | 'labelling' | 'ftp';

function activeTab(pathname: string): TabKey | undefined {
  const segment = pathname.replace(/^\/admin\/configuration\/?/, '').split('/')[0];
  return segment === 'lot' || segment === 'kit' || segment === 'labelling' || segment === 'ftp'
    ? segment
    : undefined;
}

/** /admin/configuration/{tab?}: the tab bar; lot only for ADMIN, kit, results labelling and FTP for ADMIN or doctor. */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  if (!permissions.showConfiguration) return <NoAccess />;
  const tabs: { key: TabKey; label: string }[] = [];
  if (permissions.showLotTab) tabs.push({ key: 'lot', label: t('configuration.lotTab') });
  if (permissions.showKitAndFtpTabs) {
    tabs.push({ key: 'kit', label: t('configuration.kitTab') });
    tabs.push({ key: 'labelling', label: t('resultsLabelling.tab') });
    tabs.push({ key: 'ftp', label: t('configuration.ftpTab') });
  }
  const current = activeTab(location.pathname);
  // SPEC 2: a doctor who is not admin is sent straight to the kit tab (a link to the lot tab too).
  if (current === 'lot' && !permissions.showLotTab && permissions.showKitAndFtpTabs)
    return <Navigate to="/admin/configuration/kit" replace />;
  if (current && !tabs.some((tab) => tab.key === current)) return <NoAccess />;
  return (
    <Card>
      <PageTitle title={t('configuration.title')} />
      <Tabs
        activeKey={current}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: <span data-testid={`configuration-tab-${tab.key}`}>{tab.label}</span>,
        }))}
        onChange={(key) => {
          void navigate(`/admin/configuration/${key}`);
        }}
      />
      <Outlet />
    </Card>
  );
}

/** /admin/configuration without a tab: admins land on lots; a doctor who is not admin on kits. */
export function ConfigurationIndex() {
  const { permissions } = useSession();
  return <Navigate to={permissions.showLotTab ? 'lot' : 'kit'} replace />;
}
