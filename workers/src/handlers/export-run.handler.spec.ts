import type {
  ExportFileRecord,
  ExportFileRepository,
  ExportSourceRepository,
  StoredRunForExport,
} from '@amplio/db';
import type { ExportProgressEvent } from '@amplio/domain';
import { EventPublisher, type RoomEmitter } from '@amplio/events';
import type { JobContext } from '@amplio/jobs';
import { EXPORT_PROGRESS, ExportRunHandler, exportTimeZone } from './export-run.handler';

const at = new Date('2026-01-15T23:30:00Z');

const record = (progressId: string | null, format: ExportFileRecord['format'] = 'csv'): ExportFileRecord => ({
  id: 'export-1',
  runId: 'run-1',
  laboratoryId: 'lab-1',
  requestedById: 'user-1',
  requestedByName: 'Tess',
  format,
  request: { wellIds: null, isExportAsPlate: false, separator: ',', locale: 'en-GB', progressId },
  state: 'PENDING',
  fileName: null,
  error: null,
  createdAt: at,
});

const stored = (timeZone: string): StoredRunForExport => ({
  laboratory: 'Lab',
  timeZone,
  businessId: 'RUN-1',
  fileName: 'f.xlsx',
  instrument: null,
  plateId: 'PL-1',
  plateType: 'RECTANGULAR_96',
  runDate: at,
  importDate: at,
  analyser: 'CFX',
  status: 'APPROVED',
  kits: [],
  interpreted: null,
  statusChanges: {},
  wells: [
    {
      id: 'w1',
      position: 'A1',
      name: 'S1',
      sampleType: 'Sample',
      kit: null,
      kitVersion: null,
      lot: null,
      channels: [{ dye: 'FAM', cq: 21.5, endRfu: 1000 }],
      instrumentCq: {},
      ratio: null,
      suggested: { label: 'Positive', color: '#ff0000' },
      override: null,
    },
  ],
  comments: [],
});

function setup(file: ExportFileRecord, run: StoredRunForExport | null) {
  const events: Array<{ rooms: string[]; event: string; payload: ExportProgressEvent }> = [];
  const emitter: RoomEmitter = {
    to: (rooms) => ({
      emit: (event, payload) =>
        events.push({ rooms: [rooms].flat(), event, payload: payload as ExportProgressEvent }),
    }),
  };
  const completed: Array<{ fileName: string; content: Buffer }> = [];
  const files = {
    find: jest.fn().mockResolvedValue(file),
    complete: jest.fn((_id: string, fileName: string, content: Buffer) => {
      completed.push({ fileName, content });
      return Promise.resolve();
    }),
    fail: jest.fn().mockResolvedValue(undefined),
  };
  const source = { load: jest.fn().mockResolvedValue(run) };
  const sut = new ExportRunHandler(
    files as unknown as ExportFileRepository,
    source as unknown as ExportSourceRepository,
    new EventPublisher(() => emitter),
  );
  const progress: number[] = [];
  const context: JobContext = {
    attempt: 1,
    reportProgress: (value) => {
      progress.push(value);
      return Promise.resolve();
    },
  };
  return { sut, events, completed, files, context, progress };
}

describe('run.export handler', () => {
  it('sends export.progress to the run room with the client progressId, rising to READY at 100', async () => {
    const { sut, events, context, progress } = setup(record('p-42'), stored('Europe/Paris'));
    await sut.handle({ exportId: 'export-1', runId: 'run-1', requestedById: 'user-1' }, context);
    expect(events.every((e) => e.event === 'export.progress' && e.rooms.join() === 'run:run-1')).toBe(true);
    expect(events.map((e) => [e.payload.state, e.payload.progress])).toEqual([
      ['RUNNING', EXPORT_PROGRESS.started],
      ['RUNNING', EXPORT_PROGRESS.loaded],
      ['RUNNING', EXPORT_PROGRESS.modelled],
      ['RUNNING', EXPORT_PROGRESS.written],
      ['READY', 100],
    ]);
    expect(events[0].payload).toEqual({
      progressId: 'p-42',
      runId: 'run-1',
      format: 'csv',
      state: 'RUNNING',
      progress: EXPORT_PROGRESS.started,
    });
    expect(progress.at(-1)).toBe(100);
  });

  it('ends with FAILED (and the error stored) when the run is gone; progressId null when none was sent', async () => {
    const { sut, events, files, context } = setup(record(null), null);
    await sut.handle({ exportId: 'export-1', runId: 'run-1', requestedById: 'user-1' }, context);
    expect(files.fail).toHaveBeenCalledWith('export-1', { message: 'errorRunNotFound', params: ['run-1'] });
    expect(events.at(-1)?.payload).toMatchObject({ progressId: null, state: 'FAILED', progress: 100 });
  });

  it("renders the dates in the laboratory's time zone", async () => {
    const paris = setup(record(null), stored('Europe/Paris'));
    await paris.sut.handle({ exportId: 'export-1', runId: 'run-1', requestedById: 'u' }, paris.context);
    const csv = paris.completed[0].content.toString('utf8');
    // 23:30 UTC on 15 January is 00:30 on 16 January in Paris (UTC+1 in winter).
    expect(csv).toMatch(/Run date,"?16\/01\/2026,? 00:30/);
    const tokyo = setup(record(null), stored('Asia/Tokyo'));
    await tokyo.sut.handle({ exportId: 'export-1', runId: 'run-1', requestedById: 'u' }, tokyo.context);
    expect(tokyo.completed[0].content.toString('utf8')).toMatch(/Run date,"?16\/01\/2026,? 08:30/);
  });

  it('falls back to UTC for a time zone the runtime does not know', () => {
    expect(exportTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(exportTimeZone('Mars/Olympus')).toBe('UTC');
    expect(exportTimeZone(null)).toBe('UTC');
  });
});
