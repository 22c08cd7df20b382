import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`. Without
 * METRICS_TOKEN the endpoint does not exist (404): metrics are never public by default.
 */
export function metricsEndpoint(service: MetricsService, token: string | undefined) {
  return async (request: Request, response: Response): Promise<void> => {
    if (!token) {
      response.status(404).json({ message: 'errorNotFound' });
      return;
    }
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      response.status(401).json({ message: 'errorUnauthorized' });
      return;
    }
    const { contentType, body } = await service.exposition();
    response.setHeader('content-type', contentType);
    response.setHeader('cache-control', 'no-store');
    response.send(body);
  };
}
