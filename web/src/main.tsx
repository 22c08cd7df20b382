import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from './api/api-client';
import { App } from './app';
import { AuthSession } from './auth/auth-service';
import { StartupScreen } from './components/shell/startup-screen';
import { apiBaseFrom, loadAppConfig, socketOriginFrom } from './config/app-config';
import { initI18n } from './i18n/i18n';
import { LiveClient } from './live/live-client';

/**
 * Start-up (SPEC 7): config.json, sign-in (required before the app mounts), token refresh, the
 * live connection, then the app.
 */
async function bootstrap(): Promise<void> {
  await initI18n();
  const element = document.getElementById('root');
  if (!element) throw new Error('#root missing');
  const root = createRoot(element);
  root.render(<StartupScreen state="signingIn" />);

  let session: AuthSession;
  try {
    const config = await loadAppConfig();
    session = new AuthSession(config);
    const user = await session.signIn();
    if (!user) return; // on the way to the identity provider
    configureApiClient(apiBaseFrom(config), () => session.accessToken());
    session.startTokenRefresh();
    const live = new LiveClient(
      socketOriginFrom(config),
      () => session.accessToken(),
      () => session.renew(),
    );
    session.onUserChange((renewed) => live.refreshToken(renewed?.access_token ?? null));
    root.render(
      <StrictMode>
        <App session={session} live={live} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Start-up failed', error);
    root.render(<StartupScreen state="failed" error={error} />);
  }
}

void bootstrap();
