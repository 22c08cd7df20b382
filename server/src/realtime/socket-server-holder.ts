import type { Server } from 'socket.io';

/** Lets the event publisher reach the gateway's Socket.IO server once it exists. */
export interface SocketServerHolder {
  server: Server | null;
}

export const SOCKET_SERVER_HOLDER = Symbol('SOCKET_SERVER_HOLDER');
