import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet's headers for the SPA and the API (docs/security.md): a strict CSP — scripts only from this
 * origin (the built SPA has no inline script), styles from this origin plus inline ones (Ant Design
 * injects its CSS-in-JS as <style> elements), connections to this origin (API, Socket.IO) and the
 * identity provider, no framing (frame-ancestors 'none'), nosniff, no referrer. The sign-in pages
 * of the built-in provider set their own, stricter CSP.
 */
export function securityHeaders(options: {
  publicUrl: string;
  identityUrl: string;
  https: boolean;
}): RequestHandler {
  const origins = [...new Set([new URL(options.publicUrl).origin, new URL(options.identityUrl).origin])];
  const sockets = origins.map((origin) => origin.replace(/^http/, 'ws'));
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...origins, ...sockets],
        frameSrc: ["'self'", ...origins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...origins],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
