import { AsyncLocalStorage } from 'node:async_hooks';

/** The HTTP request being served, if any: its id goes into the jobs it enqueues (an id, like every payload field). */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The job data as stored in the queue: the payload, plus the enqueuing request's id when there is one. */
export function withRequestId<P extends object>(payload: P): P & { requestId?: string } {
  const requestId = requestContext.getStore()?.requestId;
  return requestId ? { ...payload, requestId } : payload;
}
