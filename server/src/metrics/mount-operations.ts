import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type express from 'express';
import { PinoNestLogger } from '@amplio/jobs';
import { GZIP_JSON_LIMITS, gzipJson } from '../common/gzip-json';
import { adminQueuesRouter, ADMIN_QUEUES_PATH } from '../admin-queues/admin-queues.router';
import { UserResolver } from '../auth/user-resolver.service';
import { httpMetrics } from './http-metrics';
import { metricsEndpoint } from './metrics-endpoint';
import { MetricsService } from './metrics.service';
import { createLogger, requestLogging } from './request-logging';

/**
 * What operators need, mounted on the API's Express instance before the SPA fallback: JSON request
 * logs with a request id (carried into enqueued jobs), gzip answers (JSON up to 256 KB in one go), the HTTP latency histogram,
 * GET /metrics (METRICS_TOKEN) and the queue dashboard /admin/queues (super admins). docs/deploy.md.
 */
export function mountOperations(app: NestExpressApplication): void {
  const server = app.getHttpAdapter().getInstance() as express.Application;
  const logger = createLogger();
  app.useLogger(new PinoNestLogger(logger));
  const metrics = app.get(MetricsService, { strict: false });
  server.use(requestLogging(logger));
  server.use(gzipJson());
  server.use(compression({ threshold: GZIP_JSON_LIMITS.minBytes }));
  server.use(httpMetrics(metrics.metrics));
  server.get('/metrics', metricsEndpoint(metrics, process.env.METRICS_TOKEN || undefined));
  server.use(
    ADMIN_QUEUES_PATH,
    adminQueuesRouter(metrics.queues(), app.get(UserResolver, { strict: false })),
  );
}
