import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import frFR from 'antd/locale/fr_FR';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { AuthContext } from './auth/auth-context';
import type { AuthSession } from './auth/auth-service';
import { LiveContext } from './live/live-context';
import type { LiveClient } from './live/live-client';
import { createAppRouter } from './router';
import { useReducedMotion } from './utils/reduced-motion';

type AppProps = { session: AuthSession; live: LiveClient };

/**
 * Providers around the router: antd locale, theme (no animations when the user prefers reduced
 * motion) and App context, query client, auth session, live connection.
 */
export function App({ session, live }: AppProps) {
  const { i18n, t } = useTranslation();
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(createQueryClient);
  const reducedMotion = useReducedMotion();
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
      theme={{ token: { colorPrimary: '#0b5cad', borderRadius: 6, motion: !reducedMotion } }}
    >
      <AntApp notification={{ placement: 'bottomLeft' }}>
        <QueryClientProvider client={queryClient}>
          <AuthContext value={session}>
            <LiveContext value={live}>
              <RouterProvider router={router} />
            </LiveContext>
          </AuthContext>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
