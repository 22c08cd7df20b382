import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { RUN_LIST_CHANNEL } from './migrations/1764910000000-run-list-change-notify';

/** What a `RunListChangeListener` reports. */
export interface RunListChangeHandlers {
  /** A laboratory's run list changed; `'*'`: every laboratory's (a kit or lot renamed). */
  changed(laboratoryId: string): void;
  /** Listening (again). Changes made while not listening were not seen. */
  listening(): void;
  /** Not listening any more (the connection failed); `listening` follows once it is back. */
  lost(): void;
}

/**
 * Listens on one dedicated PostgreSQL connection for the run list's change notifications (migration
 * 1764910000000) and reconnects after a failure, every `retryMs`. It never throws: a database that
 * is down shows as `lost` until it is back.
 */
export class RunListChangeListener {
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The client whose probe came back: notifications are being heard on it. */
  private heardOn: Client | null = null;
  /** A round trip not sent yet (callers arriving now share it) and the last one sent. */
  private nextRoundTrip: Promise<boolean> | null = null;
  private lastRoundTrip: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly handlers: RunListChangeHandlers,
    private readonly retryMs = 1_000,
    private readonly roundTripTimeoutMs = 2_000,
  ) {}

  /** Connects and listens; resolves once the first attempt has been made (see `connect`). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.heardOn = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves true once every change committed before the call has been reported by `changed`, or
   * false if that cannot be said (not listening). A run list answered right after a live event
   * must not come from a version that has not heard the change the event announced: the writer's
   * notification and its event race on different paths (docs/performance.md, "run list cache").
   *
   * A round trip on the listening connection is that barrier: PostgreSQL sends the notifications of
   * transactions committed before a query ahead of its answer, and they are handled in stream order.
   * Concurrent callers share round trips: each waits for the first one sent after its call. A
   * connection that does not answer within `roundTripTimeoutMs` is dropped as lost (no caching until
   * a new one is heard), so a hung listener never holds the run list up for longer.
   */
  heardAllCommitted(): Promise<boolean> {
    if (this.nextRoundTrip) return this.nextRoundTrip;
    const client = this.heardOn;
    if (!client) return Promise.resolve(false);
    const roundTrip: Promise<boolean> = this.lastRoundTrip.then(async () => {
      if (this.nextRoundTrip === roundTrip) this.nextRoundTrip = null;
      if (this.heardOn !== client) return false;
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        client.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), this.roundTripTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!answered) this.failed(client);
      return answered && this.heardOn === client;
    });
    this.nextRoundTrip = roundTrip;
    this.lastRoundTrip = roundTrip;
    return roundTrip;
  }

  /**
   * Listens, then sends itself a probe: `listening` is reported when the probe comes back, so a
   * connection that does not deliver notifications (a transaction-pooling proxy) never reports it.
   */
  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, application_name: 'amplio-run-list-listener' });
    const probe = `probe:${randomUUID()}`;
    client.on('notification', (message) => {
      if (message.channel !== RUN_LIST_CHANNEL || !message.payload || this.client !== client) return;
      if (message.payload === probe) {
        this.heardOn = client;
        this.handlers.listening();
      } else if (!message.payload.startsWith('probe:')) this.handlers.changed(message.payload);
    });
    client.on('error', () => this.failed(client));
    client.on('end', () => this.failed(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${RUN_LIST_CHANNEL}`);
      await client.query('SELECT pg_notify($1, $2)', [RUN_LIST_CHANNEL, probe]);
    } catch {
      this.failed(client);
    }
  }

  /** Once per client: reports the loss and tries again later (unless stopped). */
  private failed(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.heardOn = null;
    client.end().catch(() => undefined);
    this.handlers.lost();
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, this.retryMs);
    this.retry.unref();
  }
}
