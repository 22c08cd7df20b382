import type { NextFunction, Request, Response } from 'express';
import type { AmplioMetrics } from './metrics-registry';

/** The route pattern (`/api/run/:id`), never the raw path: bounded label values. */
export function routeLabel(request: Request): string {
  const route = (request as { route?: { path?: unknown } }).route;
  const path = route?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : 'unmatched';
}

/** Times every HTTP request into the latency histogram, labelled by method, route pattern and status. */
export function httpMetrics(metrics: AmplioMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    response.once('finish', () => {
      end({ method: request.method, route: routeLabel(request), status: String(response.statusCode) });
    });
    next();
  };
}
