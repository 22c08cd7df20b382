import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { startEmbeddedApp, type EmbeddedApp } from '../../e2e/harness';
import { call, fixtureFile, tokenFor, uploadForm } from './security-support';

/**
 * A fuzz run of the JSON API: random bodies, query strings and path ids on every route of the
 * OpenAPI document, as a signed-in technician and admin. The property: 4xx or success, never a 5xx,
 * and the process stays up. Bounded to FUZZ_SECONDS (default 60) so CI stays fast; raise it on demand.
 */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
jest.setTimeout((SECONDS + 120) * 1000);

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
}

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', '1e20', '-1', 'NaN', '__proto__', '../../etc/passwd', "' OR 1=1 --", '{}', '[]'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostile, fc.array(tie('value'), { maxLength: 5 }), tie('object')),
  object: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'id',
        'wells',
        'position',
        'lotId',
        'sampleType',
        'instrumentName',
        'plateId',
        'name',
        '__proto__',
      ),
      fc.string(),
    ),
    tie('value'),
    { maxKeys: 6 },
  ),
})).value;

describe('API fuzz', () => {
  let app: EmbeddedApp;
  let document: OpenApi;
  let tokens: string[];
  let runId: string;

  beforeAll(async () => {
    app = await startEmbeddedApp({ env: { API_DOCS: 'true' } });
    tokens = [await tokenFor(app.url, 'technician'), await tokenFor(app.url, 'labadmin')];
    const run = await call<{ id: string }>(app.url, tokens[0], '/run/parse', {
      method: 'POST',
      body: uploadForm([fixtureFile()], { uploadId: randomUUID() }),
    });
    runId = run.body.id;
    document = (await call<OpenApi>(app.url, null, '/api/docs-json')).body;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('answers 4xx or success to hostile requests, never 5xx', async () => {
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .filter((method) => !('multipart/form-data' in (operations[method].requestBody?.content ?? {})))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    const failures: string[] = [];
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(0, 1),
        fc.oneof(fc.constant(runId), fc.uuid(), fc.string({ maxLength: 40 })),
        fc.dictionary(
          fc.constantFrom('page', 'size', 'search', 'sort', 'direction', 'status', 'from', 'to'),
          fc.string({ maxLength: 30 }),
        ),
        jsonValue,
        async (route, who, id, query, body) => {
          runs += 1;
          const path = route.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
          const search = new URLSearchParams(query).toString();
          const answer = await call(app.url, tokens[who], `${path}${search ? `?${search}` : ''}`, {
            method: route.method,
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          });
          if (answer.status >= 500)
            failures.push(
              `${route.method} ${path}?${search} ${JSON.stringify(body).slice(0, 200)} -> ${answer.status}`,
            );
          return answer.status < 500;
        },
      ),
      { numRuns: 100_000, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false },
    );
    console.log(`API fuzz: ${runs} requests in ${SECONDS} s`);
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(50);
    expect((await call(app.url, null, '/health')).status).toBe(200);
  });
});
