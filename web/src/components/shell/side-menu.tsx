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
import { reindexSearchData } from '../../api/endpoints';
import { useSession } from '../../auth/session-context';
import { useNotify } from '../../notifications/use-notify';
import { useConfirm } from '../common/confirm';

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
      notify.success(t('reindex.errorTitle'), t('reindex.errorMessage'));
    }
  };

  const items: MenuItem[] = [
    { key: 'runs', icon: <ExperimentOutlined />, label: <span data-testid="nav-runs">{t('nav.runs')}</span> },
  ];
  if (permissions.showConfiguration)
    items.push({
      key: 'configuration',
      icon: <SettingOutlined />,
      label: <span data-testid="nav-configuration">{t('nav.configuration')}</span>,
    });
  if (permissions.showLaboratories)
    items.push({
      key: 'laboratories',
      icon: <ApartmentOutlined />,
      label: <span data-testid="nav-laboratories">{t('nav.laboratories')}</span>,
    });
  if (permissions.showOwnLaboratory)
    items.push({
      key: 'laboratory',
      icon: <BankOutlined />,
      label: <span data-testid="nav-laboratory">{t('nav.laboratory')}</span>,
    });
  if (permissions.showReindex)
    items.push({
      key: 'reindex',
      icon: <DatabaseOutlined />,
      label: <span data-testid="nav-reindex">{t('nav.reindex')}</span>,
    });
  items.push({
    key: 'about',
    icon: <InfoCircleOutlined />,
    label: <span data-testid="nav-about">{t('nav.about')}</span>,
  });

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
    </Layout.Sider>
  );
}
