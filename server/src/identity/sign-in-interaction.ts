import type { Request, Response } from 'express';
import type { SignInThrottleRule, UserAccount, UserRepository } from '@amplio/db';
import { localeOf, readForm, sendHtml } from './identity-http';
import { renderLoginPage, renderMessagePage, renderUpdatePasswordPage, type PageLocale } from './login-page';
import type { OidcInteraction, OidcProviderInstance } from './oidc-provider-types';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password';

/** Keycloak's required action after a one-time password. */
export const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
/** Shortest new password accepted on the update-password form. */
export const NEW_PASSWORD_MIN_LENGTH = 12;

export interface SignInThrottle {
  /** Failed sign-ins for one login (whatever the address). */
  account: SignInThrottleRule;
  /** Failed sign-ins from one client address (whatever the login). */
  address: SignInThrottleRule;
}

/**
 * Defaults (docs/identity.md): 10 failures of one account within 15 minutes lock that account for
 * 15 minutes; 30 failures from one address within 15 minutes lock that address for 15 minutes.
 */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottle = {
  account: { maxFailures: 10, windowSeconds: 900, lockSeconds: 900 },
  address: { maxFailures: 30, windowSeconds: 900, lockSeconds: 900 },
};

export interface SignInContext {
  provider: OidcProviderInstance;
  users: UserRepository;
  /** `/realms/<realm>` */
  prefix: string;
  clientId: string;
  origins: string[];
  /** Where the "back to Amplio" links go. */
  homeUrl: string;
  throttle: SignInThrottle;
}

interface PendingPasswordChange {
  accountId: string;
}

function pendingOf(details: OidcInteraction): PendingPasswordChange | null {
  const pending = details.result?.amplioPasswordChange;
  if (typeof pending !== 'object' || pending === null) return null;
  const accountId = (pending as { accountId?: unknown }).accountId;
  return typeof accountId === 'string' ? { accountId } : null;
}

/** The sign-in page, its submission, the update-password step and the consent fallback. */
export function createSignInHandlers(context: SignInContext): {
  show(req: Request, res: Response): Promise<void>;
  submitLogin(req: Request, res: Response): Promise<void>;
  submitNewPassword(req: Request, res: Response): Promise<void>;
} {
  const { provider, users, prefix, clientId, origins, homeUrl, throttle } = context;
  let dummyHash: Promise<string> | undefined;

  const expired = (res: Response, locale: PageLocale): void =>
    sendHtml(res, 400, renderMessagePage(locale, 'expiredTitle', 'expired', homeUrl), origins);

  /** The sign-in interaction of this request, or null after answering with the "expired" page. */
  async function interactionOrExpired(req: Request, res: Response): Promise<OidcInteraction | null> {
    let details: OidcInteraction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      expired(res, localeOf(req));
      return null;
    }
    if (details.uid !== req.params.uid) {
      expired(res, localeOf(req, details.params));
      return null;
    }
    return details;
  }

  async function finishLogin(req: Request, res: Response, accountId: string): Promise<void> {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, amr: ['pwd'], remember: true } },
      { mergeWithLastSubmission: false },
    );
  }

  async function finishConsent(req: Request, res: Response, details: OidcInteraction): Promise<void> {
    const accountId = details.session?.accountId;
    if (!accountId || details.params.client_id !== clientId) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'consent required' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missingOidc = details.prompt.details.missingOIDCScope;
    if (Array.isArray(missingOidc)) grant.addOIDCScope(missingOidc.join(' '));
    const missingResource = details.prompt.details.missingResourceScopes;
    if (missingResource && typeof missingResource === 'object') {
      for (const [indicator, scopes] of Object.entries(missingResource as Record<string, unknown>)) {
        if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** Verifies with the same work whether or not the account exists, so timing reveals nothing. */
  async function checkPassword(user: UserAccount | null, password: string): Promise<boolean> {
    if (user?.passwordHash) return verifyPassword(user.passwordHash, password);
    dummyHash ??= hashPassword('amplio-timing-equaliser');
    await verifyPassword(await dummyHash, password);
    return false;
  }

  async function show(req: Request, res: Response): Promise<void> {
    const details = await interactionOrExpired(req, res);
    if (!details) return;
    // Reached only if loadExistingGrant could not satisfy the request (e.g. prompt=consent).
    if (details.prompt.name === 'consent') return finishConsent(req, res, details);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    const action = `${prefix}/interaction/${details.uid}`;
    sendHtml(
      res,
      200,
      renderLoginPage({ locale: localeOf(req, details.params), action, username: hint }),
      origins,
    );
  }

  async function submitLogin(req: Request, res: Response): Promise<void> {
    const details = await interactionOrExpired(req, res);
    if (!details) return;
    const locale = localeOf(req, details.params);
    if (details.prompt.name !== 'login') return expired(res, locale);
    const form = await readForm(req);
    const username = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const action = `${prefix}/interaction/${details.uid}`;
    const accountKey = `account:${username.toLowerCase()}`;
    const addressKey = `address:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    if (await users.isSignInLocked(username ? [accountKey, addressKey] : [addressKey])) {
      return sendHtml(res, 429, renderLoginPage({ locale, action, username, locked: true }), origins);
    }
    const user = username ? await users.findAccountByLogin(username) : null;
    const valid = await checkPassword(user, password);
    if (!user || !valid || !user.enabled) {
      if (username) await users.recordSignInFailure(accountKey, throttle.account);
      await users.recordSignInFailure(addressKey, throttle.address);
      return sendHtml(
        res,
        200,
        renderLoginPage({ locale, action, username, invalidCredentials: true }),
        origins,
      );
    }
    await users.clearSignInFailures(accountKey);
    const rehash =
      user.passwordHash && passwordNeedsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
    await users.recordSuccessfulLogin(user.id, rehash);
    if (user.requiredActions.includes(UPDATE_PASSWORD)) {
      details.result = { amplioPasswordChange: { accountId: user.id } };
      await details.persist();
      return sendHtml(res, 200, renderUpdatePasswordPage({ locale, action: `${action}/password` }), origins);
    }
    await finishLogin(req, res, user.id);
  }

  async function submitNewPassword(req: Request, res: Response): Promise<void> {
    const details = await interactionOrExpired(req, res);
    if (!details) return;
    const locale = localeOf(req, details.params);
    const pending = pendingOf(details);
    const user = pending ? await users.findAccountById(pending.accountId) : null;
    if (!user?.enabled || details.prompt.name !== 'login') return expired(res, locale);
    const form = await readForm(req);
    const next = form.get('password-new') ?? '';
    const action = `${prefix}/interaction/${details.uid}/password`;
    const error =
      next.length < NEW_PASSWORD_MIN_LENGTH
        ? 'passwordTooShort'
        : next !== form.get('password-confirm')
          ? 'passwordMismatch'
          : undefined;
    if (error) return sendHtml(res, 200, renderUpdatePasswordPage({ locale, action, error }), origins);
    await users.setPassword(user.id, await hashPassword(next));
    await finishLogin(req, res, user.id);
  }

  return { show, submitLogin, submitNewPassword };
}
