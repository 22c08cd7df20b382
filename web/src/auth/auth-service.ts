import { InMemoryWebStorage, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AppConfig } from '../api/types';

/** SPEC 9: check every 5000 ms; renew when fewer than 70 s of validity remain. */
export const TOKEN_CHECK_INTERVAL_MS = 5000;
export const TOKEN_MIN_VALIDITY_S = 70;

type ReturnState = { returnTo: string };

function isReturnState(value: unknown): value is ReturnState {
  return typeof value === 'object' && value !== null && typeof (value as ReturnState).returnTo === 'string';
}

/**
 * The language chosen in the app (set on <html lang> by i18n before sign-in starts), asked of the
 * identity provider as OIDC `ui_locales`, so its sign-in and sign-out pages speak it too.
 */
export function uiLocales(): string | undefined {
  return document.documentElement.lang || undefined;
}

/** The signed-in session: the OIDC user manager, the current user and the token refresh loop. */
export class AuthSession {
  readonly userManager: UserManager;
  private user: User | null = null;
  private refreshTimer: number | undefined;
  private readonly listeners = new Set<(user: User | null) => void>();

  constructor(config: AppConfig) {
    const { url, realm, clientId } = config.identityProvider;
    const origin = window.location.origin;
    this.userManager = new UserManager({
      authority: `${url.replace(/\/+$/, '')}/realms/${realm}`,
      client_id: clientId,
      redirect_uri: `${origin}/`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: 'openid profile',
      // Tokens live in this page's memory only (issue 10; docs/decisions.md "Tokens in memory"): a
      // script injected into the page cannot read them from storage, and a reload signs in again
      // through the identity provider's own session (no password asked while it lasts). Only the
      // short-lived PKCE state of a sign-in in progress is kept in localStorage (the default).
      userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      automaticSilentRenew: false,
      loadUserInfo: false,
    });
    this.userManager.events.addUserLoaded((user) => this.setUser(user));
    this.userManager.events.addUserUnloaded(() => this.setUser(null));
  }

  /**
   * Signs in before the app mounts. Answers the user, or null when the browser is being sent to
   * the identity provider. Handles the authorization-code callback (`?code=` and `state`) and
   * puts back the path the user first asked for.
   */
  async signIn(): Promise<User | null> {
    const params = new URLSearchParams(window.location.search);
    if (params.has('state') && (params.has('code') || params.has('error'))) {
      const user = await this.userManager.signinRedirectCallback();
      const returnTo = isReturnState(user.state) ? user.state.returnTo : '/';
      window.history.replaceState(null, '', returnTo.startsWith('/') ? returnTo : '/');
      this.setUser(user);
      return user;
    }
    const stored = await this.userManager.getUser();
    if (stored && !stored.expired) {
      this.setUser(stored);
      return stored;
    }
    if (stored?.refresh_token) {
      try {
        const renewed = await this.userManager.signinSilent();
        if (renewed) {
          this.setUser(renewed);
          return renewed;
        }
      } catch (error) {
        console.warn('Token refresh at start-up failed', error);
      }
    }
    const returnTo = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    await this.userManager.signinRedirect({
      state: { returnTo } satisfies ReturnState,
      ui_locales: uiLocales(),
    });
    return null;
  }

  /** Starts the periodic check; failures are only logged (SPEC 7). */
  startTokenRefresh(): void {
    window.clearInterval(this.refreshTimer);
    this.refreshTimer = window.setInterval(() => {
      void this.refreshIfNeeded();
    }, TOKEN_CHECK_INTERVAL_MS);
  }

  private async refreshIfNeeded(): Promise<void> {
    const user = this.user;
    if (!user) return;
    const remaining = user.expires_in;
    if (remaining !== undefined && remaining >= TOKEN_MIN_VALIDITY_S) return;
    try {
      await this.renew();
    } catch (error) {
      console.warn('Token refresh failed', error);
    }
  }

  /** Refresh-token grant; answers the new access token. */
  async renew(): Promise<string | null> {
    const user = await this.userManager.signinSilent();
    if (user) this.setUser(user);
    return this.accessToken();
  }

  accessToken(): string | null {
    return this.user?.access_token ?? null;
  }

  currentUser(): User | null {
    return this.user;
  }

  onUserChange(listener: (user: User | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async signOut(): Promise<void> {
    window.clearInterval(this.refreshTimer);
    const locales = uiLocales();
    await this.userManager.signoutRedirect(
      locales ? { extraQueryParams: { ui_locales: locales } } : undefined,
    );
  }

  private setUser(user: User | null): void {
    this.user = user;
    for (const listener of this.listeners) listener(user);
  }
}
