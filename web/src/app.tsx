import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import frFR from 'antd/locale/fr_FR';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { AuthContext } from './auth/auth-context';
import type { AuthSession } from './auth/auth-service';
import { LiveContext } from './live/live-context';
import type { LiveClient } from './live/live-client';
import { createAppRouter } from './router';

type AppProps = { session: AuthSession; live: LiveClient };

/** Providers around the router: antd locale and App context, auth session, live connection. */
export function App({ session, live }: AppProps) {
  const { i18n, t } = useTranslation();
  const [router] = useState(createAppRouter);
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  // Connected while the app is mounted (StrictMode's re-mount in development reconnects).
  useEffect(() => {
    live.connect();
    return () => live.close();
  }, [live]);
  return (
    <ConfigProvider
      locale={i18n.language === 'fr-FR' ? frFR : enGB}
      theme={{ token: { colorPrimary: '#0b5cad', borderRadius: 6 } }}
    >
      <AntApp notification={{ placement: 'bottomLeft' }}>
        <AuthContext value={session}>
          <LiveContext value={live}>
            <RouterProvider router={router} />
          </LiveContext>
        </AuthContext>
      </AntApp>
    </ConfigProvider>
  );
}
