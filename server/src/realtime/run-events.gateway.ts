import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { RunRepository } from '@amplio/db';
import type { ClientToServerEvents, ServerToClientEvents } from '@amplio/domain';
import { laboratoryRoom, runRoom, SUPER_ADMIN_ROOM } from '@amplio/events';
import { bearerToken } from '../auth/access-token.guard';
import { type AuthenticatedUser, hasRole, scopeOf } from '../auth/authenticated-user';
import { UserResolver } from '../auth/user-resolver.service';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import { SOCKET_SERVER_HOLDER, type SocketServerHolder } from './socket-server-holder';

interface SocketSession {
  user?: AuthenticatedUser;
  token?: string;
  expiryTimer?: NodeJS.Timeout;
}
type AmplioServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketSession>;
type AmplioSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketSession>;

/** The token's `exp` (already verified by the resolver), in ms; null when absent. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Live events. The handshake checks the same access token as HTTP (auth.token or a Bearer header);
 * a socket joins only its laboratory's room, and a run's room for runs of that laboratory. The token
 * is checked again while the socket lives (docs/security.md): at its expiry the socket is closed
 * unless the client sent a fresh one (`auth.refresh`), and every SOCKET_RECHECK_MS each socket's
 * token and user are resolved again, so a disabled user is cut off.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RunEventsGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  @WebSocketServer() server!: AmplioServer;
  private readonly logger = new Logger(RunEventsGateway.name);
  private recheckTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly users: UserResolver,
    private readonly runs: RunRepository,
    @Inject(SOCKET_SERVER_HOLDER) private readonly holder: SocketServerHolder,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  onModuleDestroy(): void {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
  }

  /** Keeps the socket's token; closes the socket when the token expires (unless refreshed before). */
  private remember(socket: AmplioSocket, token: string, user: AuthenticatedUser): void {
    socket.data.user = user;
    socket.data.token = token;
    if (socket.data.expiryTimer) clearTimeout(socket.data.expiryTimer);
    const expiry = tokenExpiry(token);
    if (expiry === null) return;
    socket.data.expiryTimer = setTimeout(
      () => {
        this.logger.debug(`socket ${socket.id}: token expired`);
        socket.disconnect(true);
      },
      Math.max(0, expiry - Date.now()),
    );
    socket.data.expiryTimer.unref();
  }

  /** Resolves every socket's token again: disabled users and expired tokens are disconnected. */
  async recheckAll(): Promise<number> {
    let closed = 0;
    for (const local of [...this.server.sockets.sockets.values()]) {
      const token = local.data.token;
      if (!token) continue;
      const user = await this.users.resolve(token).catch(() => null);
      if (user) {
        local.data.user = user;
        continue;
      }
      closed += 1;
      local.disconnect(true);
    }
    return closed;
  }

  /** Refuses the handshake without a valid token: the client gets connect_error "errorUnauthorized". */
  afterInit(server: AmplioServer): void {
    this.holder.server = server;
    this.recheckTimer = setInterval(() => void this.recheckAll(), this.runtime.config.socketRecheckMs);
    this.recheckTimer.unref();
    server.use((socket: AmplioSocket, next: (error?: Error) => void) => {
      const auth = socket.handshake.auth as { token?: unknown };
      const token =
        typeof auth.token === 'string' ? auth.token : bearerToken(socket.handshake.headers.authorization);
      if (!token) return next(new Error('errorUnauthorized'));
      this.users.resolve(token).then(
        (user) => {
          if (!user) return next(new Error('errorUnauthorized'));
          this.remember(socket, token, user);
          next();
        },
        () => next(new Error('errorUnauthorized')),
      );
    });
  }

  async handleConnection(socket: AmplioSocket): Promise<void> {
    const user = socket.data.user;
    if (!user) return void socket.disconnect(true);
    if (user.laboratoryId) await socket.join(laboratoryRoom(user.laboratoryId));
    if (hasRole(user, 'SUPER_ADMIN')) await socket.join(SUPER_ADMIN_ROOM);
    this.logger.debug(`socket ${socket.id} joined as ${user.login}`);
  }

  handleDisconnect(socket: AmplioSocket): void {
    if (socket.data.expiryTimer) clearTimeout(socket.data.expiryTimer);
  }

  /** A fresh access token for a live socket (after the client's refresh); false if it is refused. */
  @SubscribeMessage('auth.refresh')
  async refresh(@ConnectedSocket() socket: AmplioSocket, @MessageBody() token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || token.length > 16_384) return false;
    const user = await this.users.resolve(token).catch(() => null);
    if (!user || user.id !== socket.data.user?.id) {
      socket.disconnect(true);
      return false;
    }
    this.remember(socket, token, user);
    return true;
  }

  @SubscribeMessage('run.watch')
  async watch(@ConnectedSocket() socket: AmplioSocket, @MessageBody() runId: string): Promise<boolean> {
    const user = socket.data.user;
    if (!user || typeof runId !== 'string' || !/^[0-9a-f-]{36}$/i.test(runId)) return false;
    const run = await this.runs.findRun(scopeOf(user), runId);
    if (!run) return false;
    await socket.join(runRoom(run.id));
    return true;
  }

  @SubscribeMessage('run.unwatch')
  async unwatch(@ConnectedSocket() socket: AmplioSocket, @MessageBody() runId: string): Promise<boolean> {
    if (typeof runId === 'string') await socket.leave(runRoom(runId));
    return true;
  }
}
