import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; an API answer should sit in the first buckets, an import job in the last ones. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Every Prometheus metric of one API process, in its own registry (never prom-client's global one). */
export class AmplioMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'amplio_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'amplio_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed), read from Redis at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'amplio_job_duration_seconds',
    help: 'Duration of completed jobs per queue and job name (processedOn to finishedOn)',
    labelNames: ['queue', 'name'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobsCompleted = new Counter({
    name: 'amplio_jobs_completed_total',
    help: 'Jobs completed per queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly jobsFailed = new Counter({
    name: 'amplio_jobs_failed_total',
    help: 'Jobs that failed with no attempt left, per queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly jobsRetried = new Counter({
    name: 'amplio_jobs_retried_total',
    help: 'Failed job attempts that BullMQ retries (moved back to delayed or waiting), per queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly socketConnections: Gauge;

  constructor(activeSockets: () => number, defaultMetrics = true) {
    this.socketConnections = new Gauge({
      name: 'amplio_socketio_connections',
      help: 'Socket.IO connections open on this API process',
      registers: [this.registry],
      collect() {
        this.set(activeSockets());
      },
    });
    if (defaultMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'amplio_' });
  }
}
