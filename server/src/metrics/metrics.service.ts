import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAMES } from '@amplio/config';
import { SOCKET_SERVER_HOLDER, type SocketServerHolder } from '../realtime/socket-server-holder';
import { AmplioMetrics } from './metrics-registry';
import { QueueMetrics } from './queue-metrics';

/** The process's metrics; queue figures only in the scaled mode (BullMQ queues registered). */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly metrics: AmplioMetrics;
  private queueMetrics: QueueMetrics | null = null;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(SOCKET_SERVER_HOLDER) holder: SocketServerHolder,
  ) {
    this.metrics = new AmplioMetrics(() => holder.server?.engine.clientsCount ?? 0);
  }

  /** The BullMQ queues of this process, or none in the embedded mode. */
  queues(): Queue[] {
    return QUEUE_NAMES.flatMap((name) => {
      try {
        return [this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })];
      } catch {
        return [];
      }
    });
  }

  onApplicationBootstrap(): void {
    const queues = this.queues();
    if (queues.length === 0) return;
    const connection = queues[0].opts.connection;
    if (!(connection instanceof Redis)) return;
    this.queueMetrics = new QueueMetrics(this.metrics, queues, connection);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queueMetrics?.close();
  }

  /** The Prometheus text exposition, queue depths read just before. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    await this.queueMetrics?.refreshDepth().catch(() => undefined);
    return { contentType: this.metrics.registry.contentType, body: await this.metrics.registry.metrics() };
  }
}
