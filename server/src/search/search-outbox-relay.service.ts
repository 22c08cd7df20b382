import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { RUN_SEARCH_INDEX, type RunSearchIndex } from '@amplio/adapters';
import { RunSearchRepository } from '@amplio/db';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';

/** How often each API process drains the search outbox, and how many rows per round. */
export const SEARCH_RELAY_INTERVAL_MS = 1000;
export const SEARCH_RELAY_BATCH = 500;

/**
 * The search outbox relay (docs/search.md). Triggers record every run change in `search_outbox`
 * in the change's own transaction; each round turns the newest change of each run into a
 * `search.index-run` job (Elasticsearch). PostgreSQL search reads the run table itself: its
 * deployments turn the outbox off and drop what it held. Rows leave the outbox only once their jobs are enqueued.
 */
@Injectable()
export class SearchOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SearchOutboxRelay.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(RUN_SEARCH_INDEX) private readonly index: RunSearchIndex,
    private readonly runs: RunSearchRepository,
  ) {}

  /**
   * Turns the outbox on with Elasticsearch and off with PostgreSQL search (whose triggers then write
   * nothing); only the former needs the relay's rounds. Changes recorded while it was off are not
   * replayed: switching a deployment to Elasticsearch is followed by a reindex (docs/search.md).
   */
  async onApplicationBootstrap(): Promise<void> {
    const elasticsearch = this.index.engine === 'elasticsearch';
    await this.runs.setOutboxEnabled(elasticsearch);
    if (!elasticsearch) {
      await this.runs.discardChanges();
      return;
    }
    this.timer = setInterval(() => void this.tick(), SEARCH_RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.relay();
    } catch (error) {
      this.logger.warn(`search outbox: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  /** Drains the outbox; answers how many changes it read (for tests and logs). */
  async relay(): Promise<number> {
    if (this.index.engine !== 'elasticsearch') return this.runs.discardChanges();
    let read = 0;
    for (;;) {
      const count = await this.runs.relayChanges(SEARCH_RELAY_BATCH, async (changes) => {
        for (const change of changes) await this.jobs.enqueue('search.index-run', change);
      });
      read += count;
      if (count < SEARCH_RELAY_BATCH) return read;
    }
  }
}
