import type { ServerToClientEvents } from '@amplio/domain';

export type ClientEventName = keyof ServerToClientEvents;
export type ClientEventPayload<E extends ClientEventName> = Parameters<ServerToClientEvents[E]>[0];

export const laboratoryRoom = (laboratoryId: string): string => `laboratory:${laboratoryId}`;
export const runRoom = (runId: string): string => `run:${runId}`;
/** Every super admin's sockets: search reindex progress, and every laboratory's run changes (`runAudience`). */
export const SUPER_ADMIN_ROOM = 'super-admins';

/**
 * Where a run's change goes: its laboratory's room, the super admins' (whose run list spans every
 * laboratory) and, when given, the run's own room (its screen, whoever watches it).
 */
export const runAudience = (laboratoryId: string, runId?: string): string[] => [
  laboratoryRoom(laboratoryId),
  SUPER_ADMIN_ROOM,
  ...(runId ? [runRoom(runId)] : []),
];

/** Something that can emit to rooms: a Socket.IO server or a Redis emitter. */
export interface RoomEmitter {
  to(room: string | string[]): { emit(event: string, payload: unknown): unknown };
}

/** Sends live events to browsers; from the API through its Socket.IO server, from workers through Redis. */
export class EventPublisher {
  constructor(private readonly emitter: () => RoomEmitter | null) {}

  publish<E extends ClientEventName>(rooms: string[], event: E, payload: ClientEventPayload<E>): void {
    const emitter = this.emitter();
    if (!emitter || rooms.length === 0) return;
    emitter.to(rooms).emit(event, payload);
  }
}

export const EVENT_PUBLISHER = Symbol('EVENT_PUBLISHER');
