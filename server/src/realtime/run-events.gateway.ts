import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { RunRepository } from '@amplio/db';
import type { ClientToServerEvents, ServerToClientEvents } from '@amplio/domain';
import { laboratoryRoom, runRoom } from '@amplio/events';
import { bearerToken } from '../auth/access-token.guard';
import { type AuthenticatedUser, scopeOf } from '../auth/authenticated-user';
import { UserResolver } from '../auth/user-resolver.service';
import { SOCKET_SERVER_HOLDER, type SocketServerHolder } from './socket-server-holder';

type AmplioServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user?: AuthenticatedUser }
>;
type AmplioSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user?: AuthenticatedUser }
>;

/**
 * Live events. The handshake checks the same access token as HTTP (auth.token or a Bearer header);
 * a socket joins only its laboratory's room, and a run's room for runs of that laboratory.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RunEventsGateway implements OnGatewayInit, OnGatewayConnection {
  @WebSocketServer() server!: AmplioServer;
  private readonly logger = new Logger(RunEventsGateway.name);

  constructor(
    private readonly users: UserResolver,
    private readonly runs: RunRepository,
    @Inject(SOCKET_SERVER_HOLDER) private readonly holder: SocketServerHolder,
  ) {}

  /** Refuses the handshake without a valid token: the client gets connect_error "errorUnauthorized". */
  afterInit(server: AmplioServer): void {
    this.holder.server = server;
    server.use((socket: AmplioSocket, next: (error?: Error) => void) => {
      const auth = socket.handshake.auth as { token?: unknown };
      const token =
        typeof auth.token === 'string' ? auth.token : bearerToken(socket.handshake.headers.authorization);
      if (!token) return next(new Error('errorUnauthorized'));
      this.users.resolve(token).then(
        (user) => {
          if (!user) return next(new Error('errorUnauthorized'));
          socket.data.user = user;
          next();
        },
        () => next(new Error('errorUnauthorized')),
      );
    });
  }

  async handleConnection(socket: AmplioSocket): Promise<void> {
    const user = socket.data.user;
    if (user?.laboratoryId) await socket.join(laboratoryRoom(user.laboratoryId));
    this.logger.debug(`socket ${socket.id} joined as ${user?.login ?? '?'}`);
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
