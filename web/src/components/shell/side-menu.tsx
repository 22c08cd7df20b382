import {
  ApartmentOutlined,
  BankOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  InfoCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { reindexSearchData } from '../../api/endpoints';
import { useSession } from '../../auth/session-context';
import { useNotify } from '../../notifications/use-notify';
import { useConfirm } from '../common/confirm';
import { ReindexProgress } from '../search/reindex-progress';

type MenuItem = Required<MenuProps>['items'][number];

function selectedKey(pathname: string): string {
  if (pathname.startsWith('/admin/configuration')) return 'configuration';
  if (pathname.startsWith('/admin/laboratories') || pathname.startsWith('/admin/add')) return 'laboratories';
  if (pathname.startsWith('/laboratory')) return 'laboratory';
  if (pathname === '/' || pathname.startsWith('/run')) return 'runs';
  return '';
}

/** Left sidebar: entries by role (SPEC 2 Shell). */
export function SideMenu({ onAbout }: { onAbout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const confirm = useConfirm();
  const notify = useNotify();
  const { permissions } = useSession();

  const reindex = async (): Promise<void> => {
    if (!(await confirm({ title: t('reindex.confirmTitle'), content: t('reindex.confirmMessage') }))) return;
    try {
      await reindexSearchData();
      notify.success(t('reindex.successTitle'), t('reindex.successMessage'));
    } catch (error) {
      console.warn('Reindex failed', error);
      // SPEC 8: the reindex error is shown with the success style.
      const notConfigured = error instanceof ApiError && error.body?.message === 'errorReindexNotConfigured';
      notify.success(
        t('reindex.errorTitle'),
        t(notConfigured ? 'errorReindexNotConfigured' : 'reindex.errorMessage'),
      );
    }
  };

  // Entries by role, in menu order: key (also the nav-<key> test id), icon, shown or not.
  const entries: [key: string, icon: React.ReactNode, shown: boolean][] = [
    ['runs', <ExperimentOutlined key="runs" />, true],
    ['configuration', <SettingOutlined key="configuration" />, permissions.showConfiguration],
    ['laboratories', <ApartmentOutlined key="laboratories" />, permissions.showLaboratories],
    ['laboratory', <BankOutlined key="laboratory" />, permissions.showOwnLaboratory],
    ['reindex', <DatabaseOutlined key="reindex" />, permissions.showReindex],
    ['about', <InfoCircleOutlined key="about" />, true],
  ];
  const items: MenuItem[] = entries
    .filter(([, , shown]) => shown)
    .map(([key, icon]) => ({ key, icon, label: <span data-testid={`nav-${key}`}>{t(`nav.${key}`)}</span> }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'runs':
        void navigate('/');
        break;
      case 'configuration':
        void navigate('/admin/configuration');
        break;
      case 'laboratories':
        void navigate('/admin/laboratories');
        break;
      case 'laboratory':
        void navigate('/laboratory');
        break;
      case 'reindex':
        void reindex();
        break;
      case 'about':
        onAbout();
        break;
      default:
        break;
    }
  };

  return (
    <Layout.Sider width={220} theme="light" breakpoint="lg" collapsible data-testid="side-menu">
      <Menu
        mode="inline"
        selectedKeys={[selectedKey(location.pathname)]}
        items={items}
        onClick={onClick}
        style={{ borderInlineEnd: 0, paddingTop: 8 }}
      />
      {permissions.showReindex && <ReindexProgress />}
    </Layout.Sider>
  );
}
