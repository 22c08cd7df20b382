import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ExportProgressEvent } from '@amplio/domain';
import { DEMO_LAB, type ExportTestApp, startExportTestApp } from './export-test-app';
import { createRun, type FactoryRun } from './run-factory';

jest.setTimeout(120_000);

/** A live client as the browser opens it: the bearer token is the login in these tests. */
async function connect(url: string, login: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', auth: { token: login }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
  return socket;
}

describe('export.progress over Socket.IO (real PostgreSQL, export job inline as in the embedded mode)', () => {
  let app: ExportTestApp;
  let run: FactoryRun;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED', wells: 96 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.close();
  });

  it("reaches a client in the run's room with its progressId, rising to READY 100; not a client of another laboratory", async () => {
    const watcher = await connect(app.url, 'technician');
    const stranger = await connect(app.url, 'otherdoctor');
    sockets.push(watcher, stranger);
    expect(await watcher.emitWithAck('run.watch', run.id)).toBe(true);
    expect(await stranger.emitWithAck('run.watch', run.id)).toBe(false);
    const seen: ExportProgressEvent[] = [];
    const strangerSaw: ExportProgressEvent[] = [];
    watcher.on('export.progress', (event: ExportProgressEvent) => seen.push(event));
    stranger.on('export.progress', (event: ExportProgressEvent) => strangerSaw.push(event));

    const progressId = randomUUID();
    const answer = await app.call('technician', 'POST', `/run/export/${run.id}`, {
      format: 'pdf',
      isExportAsPlate: true,
      progressId,
    });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const mine = seen.filter((event) => event.progressId === progressId);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((event) => event.runId === run.id && event.format === 'pdf')).toBe(true);
    const values = mine.map((event) => event.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ state: 'READY', progress: 100 });
    expect(mine.slice(0, -1).every((event) => event.state === 'RUNNING')).toBe(true);
    expect(strangerSaw).toEqual([]);
  });

  it('sends no progress for a request refused before any job (two-character separator)', async () => {
    const watcher = await connect(app.url, 'physician');
    sockets.push(watcher);
    expect(await watcher.emitWithAck('run.watch', run.id)).toBe(true);
    const seen: ExportProgressEvent[] = [];
    watcher.on('export.progress', (event: ExportProgressEvent) => seen.push(event));
    const progressId = randomUUID();
    // Refused before any job: no progress event at all for this id.
    const refused = await app.call('physician', 'POST', `/run/export/${run.id}`, {
      format: 'csv',
      separator: ';;',
      progressId,
    });
    expect(refused.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.filter((event) => event.progressId === progressId)).toEqual([]);
  });
});
