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

  constructor(
    private readonly url: string,
    private readonly handlers: RunListChangeHandlers,
    private readonly retryMs = 1_000,
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
    await client?.end().catch(() => undefined);
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
      if (message.payload === probe) this.handlers.listening();
      else if (!message.payload.startsWith('probe:')) this.handlers.changed(message.payload);
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
