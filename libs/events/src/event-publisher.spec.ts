import { EventPublisher, type RoomEmitter, runAudience } from './event-publisher';

describe('runAudience', () => {
  it("sends a run's change to its laboratory, every super admin and, when given, the run's room", () => {
    expect(runAudience('lab-1')).toEqual(['laboratory:lab-1', 'super-admins']);
    expect(runAudience('lab-1', 'run-9')).toEqual(['laboratory:lab-1', 'super-admins', 'run:run-9']);
  });
});

describe('EventPublisher', () => {
  const recording = (): { emitter: RoomEmitter; sent: Array<[string[], string, unknown]> } => {
    const sent: Array<[string[], string, unknown]> = [];
    const emitter: RoomEmitter = {
      to: (room) => ({
        emit: (event, payload) => sent.push([Array.isArray(room) ? room : [room], event, payload]),
      }),
    };
    return { emitter, sent };
  };

  it('emits once to the union of the rooms', () => {
    const { emitter, sent } = recording();
    new EventPublisher(() => emitter).publish(runAudience('lab-1', 'run-9'), 'run.changed', {
      runId: 'run-9',
      what: 'updated',
    });
    expect(sent).toEqual([
      [['laboratory:lab-1', 'super-admins', 'run:run-9'], 'run.changed', { runId: 'run-9', what: 'updated' }],
    ]);
  });

  it('sends nothing without an emitter or without rooms', () => {
    const { emitter, sent } = recording();
    new EventPublisher(() => null).publish(['laboratory:lab-1'], 'run.changed', {
      runId: 'r',
      what: 'updated',
    });
    new EventPublisher(() => emitter).publish([], 'run.changed', { runId: 'r', what: 'updated' });
    expect(sent).toEqual([]);
  });
});
