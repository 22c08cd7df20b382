import { randomUUID } from 'node:crypto';
import { signIn } from '../../test/support/oidc-sign-in';
import { pollUntil } from './bench-common';

export interface UploadedRun {
  id: string;
  status: string;
  plateType: string;
  wells: Record<string, unknown>;
}

export function technicianToken(url: string): Promise<string> {
  return signIn({
    identityUrl: url,
    redirectUri: `${url}/`,
    login: 'technician',
    password: 'amplio-demo',
  }).then((tokens) => tokens.accessToken);
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * POST /api/run/parse of one file. `queued`: `Prefer: respond-async`, answered 202 as soon as the
 * import is queued; otherwise the answer is the imported run.
 */
export function postUpload(
  url: string,
  token: string,
  file: { name: string; content: Uint8Array<ArrayBuffer> },
  queued = false,
): Promise<Response> {
  const form = new FormData();
  form.append('analyserId', 'thermo-quantstudio-da');
  form.append('uploadId', randomUUID());
  form.append('analyserFiles', new Blob([file.content]), file.name);
  return fetch(`${url}/api/run/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(queued ? { prefer: 'respond-async' } : {}) },
    body: form,
  });
}

/** POST /api/run/parse and wait for the answer: the run, imported and ready to configure (interpretable). */
export async function uploadRun(
  url: string,
  token: string,
  file: { name: string; content: Buffer },
): Promise<UploadedRun> {
  return json<UploadedRun>(
    await postUpload(url, token, { name: file.name, content: new Uint8Array(file.content) }),
    'upload',
  );
}

/** The demo laboratory's first lot (the demo FAM/VIC genotyping kit). */
export async function firstLotId(url: string, token: string): Promise<string> {
  const lots = await json<Array<{ id: string }>>(
    await fetch(`${url}/api/lots`, { headers: { authorization: `Bearer ${token}` } }),
    'lots',
  );
  if (lots.length === 0) throw new Error('the demo laboratory has no lot');
  return lots[0].id;
}

/** Every well gets the lot (A1 the negative control): POST /api/run, which queues the interpretation. */
export async function configureRun(
  url: string,
  token: string,
  runId: string,
  positions: string[],
  lotId: string,
): Promise<void> {
  const wells = positions.map((position) => ({
    position,
    lotId,
    sampleType: position === 'A1' ? 'NEGATIVE_AMPLIFICATION_CONTROL' : 'SAMPLE',
  }));
  await json(
    await fetch(`${url}/api/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: runId, instrumentName: 'QuantStudio 7 Pro', wells }),
    }),
    'configure',
  );
}

/** `configureRun`, then waits until the run is interpreted (its `dirty` mark cleared by the interpretation job). */
export async function configureAndInterpret(
  url: string,
  token: string,
  run: UploadedRun,
  lotId: string,
  timeoutMs = 120_000,
): Promise<void> {
  await configureRun(url, token, run.id, Object.keys(run.wells), lotId);
  const interpreted = async (): Promise<boolean> =>
    !(
      await json<{ dirty: boolean }>(
        await fetch(`${url}/api/run/${run.id}`, { headers: { authorization: `Bearer ${token}` } }),
        'run',
      )
    ).dirty;
  if (!(await pollUntil(interpreted, timeoutMs, 20)))
    throw new Error(`run ${run.id} not interpreted within ${timeoutMs / 1000} s`);
}
