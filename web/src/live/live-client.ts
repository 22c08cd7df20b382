import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@amplio/domain';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveEventName = keyof ServerToClientEvents;
export type LiveEventPayload<E extends LiveEventName> = Parameters<ServerToClientEvents[E]>[0];

const RETRY_AFTER_REFUSAL_MS = 3000;

/**
 * One Socket.IO connection per signed-in tab. The handshake carries a fresh access token on every
 * (re)connect; a refused handshake (expired token) renews the token and connects again.
 */
export class LiveClient {
  readonly socket: LiveSocket;
  private readonly watchedRuns = new Map<string, number>();
  private readonly joinedListeners = new Set<(runId: string) => void>();
  private retryTimer: number | undefined;

  constructor(
    origin: string,
    private readonly getToken: () => string | null,
    private readonly renewToken: () => Promise<string | null>,
  ) {
    this.socket = io(origin, {
      path: '/socket.io',
      autoConnect: false,
      transports: ['websocket', 'polling'],
      auth: (callback) => callback({ token: this.getToken() ?? '' }),
    });
    this.socket.on('connect', () => {
      for (const runId of this.watchedRuns.keys()) this.join(runId);
    });
    this.socket.on('connect_error', (error) => {
      console.warn('Live connection refused or failed', error.message);
      // A middleware refusal stops the built-in reconnection: renew the token and try again.
      if (!this.socket.active) this.scheduleRetry(true);
    });
    this.socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') this.scheduleRetry(true);
    });
  }

  connect(): void {
    this.socket.connect();
  }

  close(): void {
    window.clearTimeout(this.retryTimer);
    this.socket.disconnect();
  }

  /**
   * Hands a renewed access token to the live connection: the server closes a socket whose token
   * expired without one (a refused token closes it at once, and the retry reconnects).
   */
  refreshToken(token: string | null): void {
    if (token && this.socket.connected) this.socket.emit('auth.refresh', token, () => undefined);
  }

  /** Joins a run room while at least one screen shows the run. */
  watchRun(runId: string): () => void {
    const count = this.watchedRuns.get(runId) ?? 0;
    this.watchedRuns.set(runId, count + 1);
    if (count === 0 && this.socket.connected) this.join(runId);
    return () => {
      const current = this.watchedRuns.get(runId) ?? 0;
      if (current <= 1) {
        this.watchedRuns.delete(runId);
        if (this.socket.connected) this.socket.emit('run.unwatch', runId);
      } else this.watchedRuns.set(runId, current - 1);
    };
  }

  /**
   * Calls the listener each time the server confirms that this tab joined a run's room (on watching
   * and after every reconnection). Events sent to the room before that were not received: a screen
   * reads the run again then (a super admin, who has no laboratory room, gets run events this way only).
   */
  onRunJoined(listener: (runId: string) => void): () => void {
    this.joinedListeners.add(listener);
    return () => this.joinedListeners.delete(listener);
  }

  private join(runId: string): void {
    this.socket.emit('run.watch', runId, (joined) => {
      if (!joined || !this.watchedRuns.has(runId)) return;
      for (const listener of this.joinedListeners) listener(runId);
    });
  }

  private scheduleRetry(renew: boolean): void {
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => {
      const renewal = renew ? this.renewToken() : Promise.resolve(this.getToken());
      renewal
        .catch((error: unknown) => {
          console.warn('Token renewal before reconnecting failed', error);
          return null;
        })
        .finally(() => {
          if (!this.socket.connected) this.socket.connect();
        });
    }, RETRY_AFTER_REFUSAL_MS);
  }
}
