import { escapeHtml, pickLocale, renderLoginPage, renderLogoutPage } from './login-page';

describe('pickLocale', () => {
  it('prefers the first supported ui_locales tag', () => {
    expect(pickLocale('de fr-CA en', 'en')).toBe('fr');
    expect(pickLocale('en-GB fr', 'fr')).toBe('en');
  });

  it('falls back to the best supported Accept-Language tag by quality', () => {
    expect(pickLocale(undefined, 'de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(pickLocale(undefined, 'en;q=0.2, fr-FR;q=0.9')).toBe('fr');
    expect(pickLocale('es', 'fr;q=0, en;q=0.1')).toBe('en');
  });

  it('defaults to English', () => {
    expect(pickLocale(undefined, undefined)).toBe('en');
    expect(pickLocale(42, 'de, es')).toBe('en');
  });
});

describe('renderLoginPage', () => {
  it('has Keycloak ids, the Amplio title and no error by default', () => {
    const html = renderLoginPage({ locale: 'en', action: '/realms/amplio/interaction/abc' });
    expect(html).toContain('<title>Amplio</title>');
    expect(html).toMatch(/<input type="text" id="username" name="username"/);
    expect(html).toMatch(/<input type="password" id="password" name="password"/);
    expect(html).toMatch(/<input type="submit" class="submit" id="kc-login"/);
    expect(html).toContain('action="/realms/amplio/interaction/abc"');
    expect(html).not.toContain('id="input-error"');
  });

  it('shows the generic error in the chosen language and escapes the username', () => {
    const html = renderLoginPage({
      locale: 'fr',
      action: '/x',
      username: '"><script>',
      invalidCredentials: true,
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('id="input-error"');
    expect(html).toContain('Nom d&#39;utilisateur ou mot de passe invalide.');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('"><script>');
  });
});

describe('renderLogoutPage', () => {
  it('adds logout=yes to the provider form and submits it', () => {
    const html = renderLogoutPage(
      'en',
      '<form id="op.logoutForm" method="post" action="/x"><input type="hidden" name="xsrf" value="s"/></form>',
    );
    expect(html).toContain('<input type="hidden" name="logout" value="yes"></form>');
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
