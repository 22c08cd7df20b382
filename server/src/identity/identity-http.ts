import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { pickLocale, type PageLocale } from './login-page';
import type { UnknownRecord } from './oidc-provider-types';

const MAX_FORM_BYTES = 16 * 1024;

/** Reads an application/x-www-form-urlencoded body (or uses one a body parser already produced). */
export async function readForm(req: Request): Promise<URLSearchParams> {
  const parsed: unknown = (req as { body?: unknown }).body;
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed as UnknownRecord)) {
      if (typeof value === 'string') form.set(key, value);
    }
    return form;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('form body too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Answers a page of the sign-in flow with no caching, no framing and a strict CSP. */
export function sendHtml(res: Response, status: number, html: string, formActionOrigins: string[]): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  // form-action also governs the redirects that follow the POST (to the SPA's redirect URI).
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${formActionOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.send(html);
}

export function setCors(req: Request, res: Response, origins: Set<string>): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !origins.has(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  return true;
}

export function localeOf(req: IncomingMessage, params?: UnknownRecord): PageLocale {
  const accept = req.headers['accept-language'];
  return pickLocale(params?.ui_locales, typeof accept === 'string' ? accept : undefined);
}
