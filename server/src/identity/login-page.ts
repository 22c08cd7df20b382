/**
 * Server-rendered pages of the built-in identity provider: sign-in form, sign-out, messages.
 * The sign-in form uses Keycloak's element ids (#username, #password, #kc-login, #input-error)
 * so the same end-to-end test signs in against the built-in provider and a real Keycloak.
 */
export type PageLocale = 'en' | 'fr';

const TEXT = {
  en: {
    heading: 'Sign in to your account',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign In',
    invalid: 'Invalid username or password.',
    expiredTitle: 'Page has expired',
    expired: 'This sign-in page has expired. Go back to Amplio and sign in again.',
    signOutTitle: 'Signing out',
    signOut: 'Sign out',
    signedOutTitle: 'You are signed out',
    signedOut: 'You have been signed out of Amplio.',
    back: 'Back to Amplio',
    errorTitle: 'Sign-in error',
    locked: 'Too many failed sign-in attempts. Try again in a few minutes.',
    updatePasswordHeading: 'Update password',
    updatePasswordInfo: 'You need to change your password to activate your account.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    submit: 'Submit',
    passwordMismatch: 'Passwords do not match.',
    passwordTooShort: 'The password must have at least 12 characters.',
  },
  fr: {
    heading: 'Connectez-vous à votre compte',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    signIn: 'Connexion',
    invalid: "Nom d'utilisateur ou mot de passe invalide.",
    expiredTitle: 'La page a expiré',
    expired: 'Cette page de connexion a expiré. Revenez à Amplio et connectez-vous à nouveau.',
    signOutTitle: 'Déconnexion',
    signOut: 'Se déconnecter',
    signedOutTitle: 'Vous êtes déconnecté',
    signedOut: "Vous avez été déconnecté d'Amplio.",
    back: 'Retour à Amplio',
    errorTitle: 'Erreur de connexion',
    locked: 'Trop de tentatives de connexion échouées. Réessayez dans quelques minutes.',
    updatePasswordHeading: 'Mise à jour du mot de passe',
    updatePasswordInfo: 'Vous devez changer votre mot de passe pour activer votre compte.',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmation du mot de passe',
    submit: 'Valider',
    passwordMismatch: 'Les mots de passe ne correspondent pas.',
    passwordTooShort: 'Le mot de passe doit comporter au moins 12 caractères.',
  },
} as const;

export type PageTextKey = keyof (typeof TEXT)['en'];

export function pageText(locale: PageLocale, key: PageTextKey): string {
  return TEXT[locale][key];
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function localeOfTag(tag: string): PageLocale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'fr' || primary === 'en' ? primary : undefined;
}

/**
 * French or English: the first supported tag of OIDC `ui_locales` (space separated, in order of
 * preference), else the highest-q supported tag of Accept-Language, else English.
 */
export function pickLocale(uiLocales?: unknown, acceptLanguage?: string): PageLocale {
  if (typeof uiLocales === 'string') {
    for (const tag of uiLocales.split(/\s+/)) {
      const locale = localeOfTag(tag);
      if (locale) return locale;
    }
  }
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const weight = q ? Number.parseFloat(q.slice(2)) : 1;
        return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
      })
      .filter((r) => r.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index);
    for (const { tag } of ranked) {
      const locale = localeOfTag(tag);
      if (locale) return locale;
    }
  }
  return 'en';
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:380px;margin:10vh auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{margin:0 0 4px;font-size:28px;color:#1677ff}h2{margin:0 0 24px;font-size:16px;font-weight:400;color:#595959}
label{display:block;margin:16px 0 4px;font-size:14px}input[type=text],input[type=password]{width:100%;padding:8px 11px;font-size:16px;border:1px solid #d9d9d9;border-radius:6px}
input:focus{outline:2px solid #91caff;border-color:#1677ff}input[aria-invalid=true]{border-color:#ff4d4f}
.submit,button{margin-top:24px;width:100%;padding:10px;font-size:16px;color:#fff;background:#1677ff;border:0;border-radius:6px;cursor:pointer}
#input-error{display:block;margin-top:16px;padding:8px 12px;color:#a8071a;background:#fff1f0;border:1px solid #ffccc7;border-radius:6px}
p{line-height:1.5}a{color:#1677ff}`;

function layout(locale: PageLocale, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Amplio</title>
<style>${STYLE}</style>${extraHead}
</head>
<body>
<main>
<h1>Amplio</h1>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  locale: PageLocale;
  /** Where the form posts (the interaction URL). */
  action: string;
  /** Username to keep in the field (login_hint or the previous attempt). */
  username?: string;
  /** Show the generic "invalid username or password" error. */
  invalidCredentials?: boolean;
  /** Show the "too many failed attempts" error (temporary lockout). */
  locked?: boolean;
}

function errorSpan(message: string): string {
  return `\n<span id="input-error" role="alert" aria-live="polite">${escapeHtml(message)}</span>`;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const t = TEXT[options.locale];
  const invalid = options.invalidCredentials === true || options.locked === true;
  const error = invalid ? errorSpan(options.locked === true ? t.locked : t.invalid) : '';
  const aria = invalid ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  return layout(
    options.locale,
    `<h2>${escapeHtml(t.heading)}</h2>
<form id="kc-form-login" method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="username">${escapeHtml(t.username)}</label>
<input type="text" id="username" name="username" value="${escapeHtml(options.username ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" required${invalid ? aria : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${invalid ? `${aria} autofocus` : ''}>${error}
<input type="submit" class="submit" id="kc-login" name="login" value="${escapeHtml(t.signIn)}">
</form>`,
  );
}

export interface UpdatePasswordPageOptions {
  locale: PageLocale;
  action: string;
  error?: 'passwordMismatch' | 'passwordTooShort';
}

/** Keycloak's UPDATE_PASSWORD required-action form (#password-new, #password-confirm). */
export function renderUpdatePasswordPage(options: UpdatePasswordPageOptions): string {
  const t = TEXT[options.locale];
  const error = options.error ? errorSpan(t[options.error]) : '';
  return layout(
    options.locale,
    `<h2>${escapeHtml(t.updatePasswordHeading)}</h2>
<p id="kc-update-password-info">${escapeHtml(t.updatePasswordInfo)}</p>
<form id="kc-passwd-update-form" method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="password-new">${escapeHtml(t.newPassword)}</label>
<input type="password" id="password-new" name="password-new" autocomplete="new-password" required autofocus>
<label for="password-confirm">${escapeHtml(t.confirmPassword)}</label>
<input type="password" id="password-confirm" name="password-confirm" autocomplete="new-password" required>${error}
<input type="submit" class="submit" id="kc-submit" value="${escapeHtml(t.submit)}">
</form>`,
  );
}

export function renderMessagePage(
  locale: PageLocale,
  titleKey: PageTextKey,
  messageKey: PageTextKey,
  link?: string,
): string {
  const t = TEXT[locale];
  const back = link ? `\n<p><a href="${escapeHtml(link)}">${escapeHtml(t.back)}</a></p>` : '';
  return layout(locale, `<h2>${escapeHtml(t[titleKey])}</h2>\n<p>${escapeHtml(t[messageKey])}</p>${back}`);
}

/**
 * The RP-initiated logout confirmation that oidc-provider asks for, submitted automatically: the
 * SPA is first-party, so signing out needs no second click. `form` is oidc-provider's
 * `<form id="op.logoutForm">` with its xsrf field; a `logout=yes` field is added so every session
 * grant is ended. Without JavaScript the user presses the button.
 */
export function renderLogoutPage(locale: PageLocale, form: string): string {
  const t = TEXT[locale];
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    locale,
    `<h2>${escapeHtml(t.signOutTitle)}</h2>
${withLogout}
<button type="submit" id="kc-logout" form="op.logoutForm">${escapeHtml(t.signOut)}</button>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

/** Error page for OAuth errors shown to the browser (bad client_id, bad redirect_uri, ...). */
export function renderErrorPage(locale: PageLocale, error: string, description?: string): string {
  const t = TEXT[locale];
  const detail = description ? `<br>${escapeHtml(description)}` : '';
  return layout(
    locale,
    `<h2>${escapeHtml(t.errorTitle)}</h2>\n<p id="kc-error-message"><code>${escapeHtml(error)}</code>${detail}</p>`,
  );
}
