import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';
import type { RequestWithUser } from './access-token.guard';

/** The authenticated caller (set by AccessTokenGuard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<RequestWithUser>().user;
    if (!user) throw new Error('CurrentUser used on a public route');
    return user;
  },
);
