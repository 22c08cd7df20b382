import type { NextFunction, Request, Response } from 'express';
import { bearerToken } from '../auth/access-token.guard';
import type { UserResolver } from '../auth/user-resolver.service';

export const ADMIN_COOKIE = 'amplio_admin_token';
const COOKIE_MAX_AGE_S = 900;

function cookieToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === ADMIN_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The queue dashboard's gate: the same access token as the API (bearer header, or the cookie set by
 * POST /admin/queues/session for a browser), and the SUPER_ADMIN role. 401 without a valid token,
 * 403 for any other role.
 */
export function superAdminOnly(users: UserResolver) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const token = bearerToken(request.headers.authorization) ?? cookieToken(request.headers.cookie);
    const user = token ? await users.resolve(token).catch(() => null) : null;
    if (!user) {
      response.status(401).json({ message: 'errorUnauthorized' });
      return;
    }
    if (!user.roles.includes('SUPER_ADMIN')) {
      response.status(403).json({ message: 'errorForbidden' });
      return;
    }
    next();
  };
}

/**
 * POST /admin/queues/session with the bearer token (after superAdminOnly): stores the token in an
 * HttpOnly, SameSite=Strict cookie limited to /admin/queues, so a browser tab can open the dashboard.
 */
export function startSession(request: Request, response: Response): void {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    response.status(400).json({ message: 'errorValidation', params: ['authorization'] });
    return;
  }
  response.cookie(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/admin/queues',
    maxAge: COOKIE_MAX_AGE_S * 1000,
  });
  response.status(204).end();
}
