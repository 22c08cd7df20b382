import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import type { LiveClient, LiveEventName, LiveEventPayload } from './live-client';

export const LiveContext = createContext<LiveClient | null>(null);

export function useLiveClient(): LiveClient {
  const client = useContext(LiveContext);
  if (!client) throw new Error('useLiveClient outside LiveContext');
  return client;
}

/** Calls the handler for each server event of that name while the component is mounted. */
export function useLiveEvent<E extends LiveEventName>(
  event: E,
  handler: (payload: LiveEventPayload<E>) => void,
): void {
  const client = useLiveClient();
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const listener = (payload: LiveEventPayload<E>): void => onEvent(payload);
    const socket = client.socket as unknown as {
      on(name: string, fn: (payload: LiveEventPayload<E>) => void): void;
      off(name: string, fn: (payload: LiveEventPayload<E>) => void): void;
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, [client, event]);
}

/**
 * Calls the handler on every (re)connection: PostgreSQL is the source of truth, so a screen
 * refetches what it shows whenever events may have been missed.
 */
export function useLiveReconnect(handler: () => void): void {
  const client = useLiveClient();
  const onConnect = useEffectEvent(handler);
  useEffect(() => {
    const listener = (): void => onConnect();
    client.socket.on('connect', listener);
    return () => {
      client.socket.off('connect', listener);
    };
  }, [client]);
}

/** Joins the run's room while mounted. */
export function useWatchRun(runId: string | undefined): void {
  const client = useLiveClient();
  useEffect(() => (runId ? client.watchRun(runId) : undefined), [client, runId]);
}
