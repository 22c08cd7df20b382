import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { getMe, getPublicProperties } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { permissionsOf } from '../../auth/permissions';
import { SessionContext, type SessionData } from '../../auth/session-context';
import { useLiveQuerySync } from '../../live/live-queries';
import { errorDetail } from '../../notifications/error-detail';
import { LoadingBlock } from '../common/loading-block';
import { LotModals } from '../lots/lot-modals';
import { AboutModal } from './about-modal';
import { ReleaseNoteModal, useReleaseNote } from './release-note-modal';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

async function loadSession(): Promise<SessionData> {
  const [me, publicProperties] = await Promise.all([
    getMe(),
    getPublicProperties().catch((error: unknown) => {
      console.warn('Public properties unavailable', error);
      return null;
    }),
  ]);
  return { me, permissions: permissionsOf(me), publicProperties };
}

/** Top bar, left sidebar and the routed screen; loads GET /api/me and the public properties first. */
export function AppShell() {
  const { t } = useTranslation();
  const [aboutOpen, setAboutOpen] = useState(false);
  const session = useQuery({ queryKey: queryKeys.session, queryFn: loadSession, staleTime: Infinity });
  useLiveQuerySync();

  if (session.isPending || (session.isError && session.isFetching))
    return <LoadingBlock text={t('shell.loadingProfile')} testId="shell-loading" />;
  if (session.isError) {
    return (
      <Result
        status="error"
        title={t('shell.profileFailed')}
        subTitle={errorDetail(session.error)}
        extra={<Button onClick={() => void session.refetch()}>{t('startup.retry')}</Button>}
      />
    );
  }
  return (
    <SessionContext value={session.data}>
      <ShellLayout onAbout={() => setAboutOpen(true)} />
      <AboutModal open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </SessionContext>
  );
}

function ShellLayout({ onAbout }: { onAbout: () => void }) {
  const release = useReleaseNote();
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="app-shell">
      <TopBar />
      <Layout>
        <SideMenu onAbout={onAbout} />
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <ReleaseNoteModal release={release.startupNote} onClose={release.dismiss} />
      <LotModals releaseNoteOpen={release.startupNote !== null} />
    </Layout>
  );
}
