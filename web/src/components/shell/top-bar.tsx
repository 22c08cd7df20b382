import {
  CrownOutlined,
  DownOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MedicineBoxOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import logoUrl from '../../assets/logo.svg';
import { useAuthSession } from '../../auth/auth-context';
import { displayName, type Permissions } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../../i18n/i18n';

const LANGUAGE_LABEL_KEYS: Record<Language, string> = {
  'en-GB': 'shell.languageEnGb',
  'fr-FR': 'shell.languageFrFr',
};

function RoleIcon({ kind }: { kind: Permissions['roleIcon'] }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'administrator':
      return (
        <CrownOutlined aria-label={t('shell.roleAdministrator')} data-testid="role-icon-administrator" />
      );
    case 'physician':
      return <MedicineBoxOutlined aria-label={t('shell.rolePhysician')} data-testid="role-icon-physician" />;
    case 'user':
      return <UserOutlined aria-label={t('shell.roleUser')} data-testid="role-icon-user" />;
  }
}

/** Logo (link to /) and version, language dropdown, user menu with log-out. */
export function TopBar() {
  const { t } = useTranslation();
  const auth = useAuthSession();
  const { me, permissions, publicProperties } = useSession();
  const language = currentLanguage();

  const signOut = (): void => {
    auth.signOut().catch((error: unknown) => console.warn('Sign-out failed', error));
  };

  return (
    <Layout.Header
      style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 24, background: '#0b2e4f' }}
    >
      <Link to="/" data-testid="logo-link" style={{ display: 'flex', alignItems: 'center' }}>
        <img src={logoUrl} alt={t('app.logoAlt')} height={32} />
      </Link>
      <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }} data-testid="app-version">
        {publicProperties ? t('shell.version', { version: publicProperties.version }) : ''}
      </Typography.Text>
      <div style={{ flex: 1 }} />
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [language],
          items: LANGUAGES.map((code) => ({
            key: code,
            label: <span data-testid={`language-${code}`}>{t(LANGUAGE_LABEL_KEYS[code])}</span>,
          })),
          onClick: ({ key }) => {
            void changeLanguage(key as Language);
          },
        }}
      >
        <Button
          type="text"
          style={{ color: '#fff' }}
          data-testid="language-select"
          aria-label={t('shell.language')}
        >
          <Space>
            <GlobalOutlined />
            {t(LANGUAGE_LABEL_KEYS[language])}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="logout">{t('shell.logout')}</span>,
              onClick: signOut,
            },
          ],
        }}
      >
        <Button type="text" style={{ color: '#fff' }} data-testid="user-menu">
          <Space>
            <RoleIcon kind={permissions.roleIcon} />
            <span data-testid="user-name">{displayName(me)}</span>
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
