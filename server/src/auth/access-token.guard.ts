import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { HttpStatus } from '@nestjs/common';
import type { Role } from '@amplio/domain';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from './authenticated-user';
import { UserResolver } from './user-resolver.service';

export const PUBLIC_ROUTE = 'amplio:public';
export const REQUIRED_ROLES = 'amplio:roles';

/** Marks a route as reachable without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
/** The caller needs one of these roles. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_ROLES, roles);

export type RequestWithUser = Request & { user?: AuthenticatedUser };

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Global guard: every route needs a valid access token unless marked @Public(); 401 without, 403 without the role. */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UserResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.IO messages are authenticated at the handshake (RunEventsGateway), not per message.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const token = bearerToken(request.headers.authorization);
    const user = token ? await this.users.resolveForRequest(token) : null;
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'errorUnauthorized');
    request.user = user;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.some((role) => user.roles.includes(role)))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    return true;
  }
}
