import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DATA_SOURCE, type LaboratoryScope, RunListChangeListener } from '@amplio/db';
import type { DataSource } from 'typeorm';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import { RunListVersions } from './run-list-versions';

/**
 * The run list's versions in this API process, heard from PostgreSQL on a connection of their own
 * (docs/performance.md, "run list cache"). Any write from any process, a worker or SQL is heard.
 */
@Injectable()
export class RunListChanges implements OnModuleInit, OnModuleDestroy {
  private readonly versions = new RunListVersions();
  private readonly listener: RunListChangeListener | null;
  private readonly logger = new Logger('RunListChanges');

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource, @Inject(API_RUNTIME) runtime: ApiRuntime) {
    const url = 'url' in dataSource.options ? dataSource.options.url : undefined;
    // Without a listener no key is ever given: every page is read from the database.
    this.listener =
      url && runtime.config.runListCache
        ? new RunListChangeListener(url, {
            changed: (laboratoryId) => this.versions.changed(laboratoryId),
            listening: () => {
              this.versions.listening();
              this.logger.log('run list cache on: listening for changes');
            },
            lost: () => {
              this.versions.lost();
              this.logger.warn('run list cache off: the listening connection was lost, reconnecting');
            },
          })
        : null;
  }

  async onModuleInit(): Promise<void> {
    await this.listener?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
  }

  /**
   * The version of what `scope` sees of the run list, once every change committed before the call
   * has been heard (a client refetching on a live event gets the change it was told of); null while
   * changes are not heard (no caching).
   */
  async keyOf(scope: LaboratoryScope): Promise<string | null> {
    if (!this.listener || !(await this.listener.heardAllCommitted())) return null;
    return this.versions.keyOf(scope);
  }
}
