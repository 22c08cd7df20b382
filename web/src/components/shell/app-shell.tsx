import { Button, Layout, Result } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { getMe, getPublicProperties } from '../../api/endpoints';
import { permissionsOf } from '../../auth/permissions';
import { SessionContext, type SessionData } from '../../auth/session-context';
import { errorDetail } from '../../notifications/error-detail';
import { LoadingBlock } from '../common/loading-block';
import { AboutModal } from './about-modal';
import { ReleaseNoteModal, useReleaseNote } from './release-note-modal';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

type LoadState =
  { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; data: SessionData };

/** Top bar, left sidebar and the routed screen; loads GET /api/me and the public properties first. */
export function AppShell() {
  const { t } = useTranslation();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [aboutOpen, setAboutOpen] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const load = async (): Promise<void> => {
      try {
        const [me, publicProperties] = await Promise.all([
          getMe(),
          getPublicProperties().catch((error: unknown) => {
            console.warn('Public properties unavailable', error);
            return null;
          }),
        ]);
        if (!cancelled)
          setState({ kind: 'ready', data: { me, permissions: permissionsOf(me), publicProperties } });
      } catch (error) {
        if (!cancelled) setState({ kind: 'failed', error });
      }
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  if (state.kind === 'loading')
    return <LoadingBlock text={t('shell.loadingProfile')} testId="shell-loading" />;
  if (state.kind === 'failed') {
    return (
      <Result
        status="error"
        title={t('shell.profileFailed')}
        subTitle={errorDetail(state.error)}
        extra={<Button onClick={retry}>{t('startup.retry')}</Button>}
      />
    );
  }
  return (
    <SessionContext value={state.data}>
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
    </Layout>
  );
}
