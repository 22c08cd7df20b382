import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { repoRoot, startScaledApp, type ScaledApp } from '../e2e/harness';
import { signIn } from '../support/oidc-sign-in';

const FIXTURE =
  [
    join(repoRoot, '../shared/fixtures/benchmarks/data_vermeulen_std_150000_15.rdml'),
    '/work/shared/fixtures/benchmarks/data_vermeulen_std_150000_15.rdml',
  ].find(existsSync) ?? '';

jest.setTimeout(120_000);

/** SIGTERM on a worker: it stops taking jobs, finishes the one it runs, closes its connections and exits 0. */
describe('worker shutdown', () => {
  let app: ScaledApp;

  beforeAll(async () => {
    app = await startScaledApp({ apis: 1, workers: 1 });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('finishes the current import before it exits', async () => {
    const token = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'technician',
        password: 'amplio-demo',
      })
    ).accessToken;
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) =>
      socket.once('connect', resolve).once('connect_error', reject),
    );
    const uploadId = randomUUID();
    const parsing = new Promise<void>((resolve) =>
      socket.on('import.progress', (event: { uploadId: string; state: string }) => {
        if (event.uploadId === uploadId && event.state === 'PARSING') resolve();
      }),
    );
    const form = new FormData();
    form.append('analyserId', 'rdml');
    form.append('uploadId', uploadId);
    form.append('analyserFiles', new Blob([readFileSync(FIXTURE)]), 'data_vermeulen_std_150000_15.rdml');
    const response = fetch(`${app.url}/api/run/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });

    await parsing;
    const worker = app.workers[0];
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const answer = await response;
    expect(answer.status).toBe(200);
    const run = (await answer.json()) as { plateType: string; wells: Record<string, unknown> };
    expect(run.plateType).toBe('RECTANGULAR_384');
    expect(worker.output()).toMatch(
      /SIGTERM: finishing the current jobs, taking no new ones[\s\S]*run\.import .* done[\s\S]*stopped/,
    );
    socket.disconnect();
  });
});
