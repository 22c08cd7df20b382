import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { Client } from 'pg';
import { io } from 'socket.io-client';
import { startEmbeddedApp, type EmbeddedApp } from '../../e2e/harness';
import {
  call,
  createSecondLaboratory,
  DEMO_LABORATORY,
  embeddedSuperuser,
  fixtureFile,
  type RoleName,
  tokenFor,
  uploadForm,
} from './security-support';

/**
 * Laboratory isolation, generated from the OpenAPI document: every route, called by every role of
 * another laboratory with the demo laboratory's ids, answers 401/403/404 (or 400/409 on validation)
 * and never 200 with the demo laboratory's data, never 500. A route added later is covered without
 * a test of its own. Then forged tokens, over HTTP and Socket.IO.
 */
jest.setTimeout(300_000);

interface OpenApi {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; requestBody?: { content?: Record<string, unknown> } }>
  >;
}

const PUBLIC = new Set(['/api/health', '/api/ready']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('tenancy matrix and forged tokens', () => {
  let app: EmbeddedApp;
  let admin: Client;
  let document: OpenApi;
  const foreign = new Map<string, string>();
  const privateIds: string[] = [];
  const tokens = {} as Record<RoleName, string>;
  let technicianA: string;

  beforeAll(async () => {
    app = await startEmbeddedApp({ env: { API_DOCS: 'true' } });
    admin = await embeddedSuperuser(app.dataDir);
    technicianA = await tokenFor(app.url, 'technician');
    const labAdminA = await tokenFor(app.url, 'labadmin');
    const run = await call<{ id: string; wells: Record<string, { id: string }> }>(
      app.url,
      technicianA,
      '/run/parse',
      {
        method: 'POST',
        body: uploadForm([fixtureFile()], { uploadId: randomUUID() }),
      },
    );
    expect(run.status).toBe(200);
    const { rows } = await admin.query<{ id: string }>('SELECT id FROM run_import WHERE run_id = $1', [
      run.body.id,
    ]);
    foreign.set('run', run.body.id);
    foreign.set('import', rows[0].id);
    privateIds.push(run.body.id, rows[0].id, ...Object.values(run.body.wells).map((well) => well.id));
    const users = await admin.query<{ id: string }>('SELECT id FROM app_user WHERE laboratory_id = $1', [
      DEMO_LABORATORY,
    ]);
    privateIds.push(...users.rows.map((row) => row.id));
    document = (await call<OpenApi>(app.url, null, '/api/docs-json')).body;
    // The demo laboratory's id of each collection: the first item every list route shows its admin.
    for (const path of Object.keys(document.paths)) {
      if (!document.paths[path].get || path.includes('{')) continue;
      const list = await call<unknown>(app.url, labAdminA, path);
      const items = Array.isArray(list.body) ? (list.body as unknown[]) : [];
      const first = items.find(
        (item): item is { id: string } => typeof (item as { id?: unknown })?.id === 'string',
      );
      if (first) foreign.set(path.split('/').pop() ?? '', first.id);
    }
    const other = await createSecondLaboratory(admin);
    for (const role of Object.keys(other.logins) as RoleName[])
      tokens[role] = await tokenFor(app.url, other.logins[role]);
  });

  afterAll(async () => {
    await admin?.end();
    await app?.stop();
  });

  /** Each {param} replaced by the demo laboratory's id of the collection named before it. */
  const concrete = (path: string): string =>
    path.replace(/\{([^}]+)\}/g, (_match, _name: string, offset: number) => {
      const segment = path.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
      return (
        foreign.get(segment) ?? foreign.get(segment.replace(/s$/, '')) ?? foreign.get('run') ?? randomUUID()
      );
    });

  const routes = (): Array<[string, string]> =>
    Object.entries(document.paths).flatMap(([path, operations]) =>
      METHODS.filter(
        (method) => operations[method] && !PUBLIC.has(path) && !path.startsWith('/api/docs'),
      ).map((method): [string, string] => [method.toUpperCase(), path]),
    );

  const request = (
    method: string,
    path: string,
    token: string | null,
  ): Promise<{ status: number; body: unknown }> => {
    const operation = document.paths[path][method.toLowerCase()];
    const content = operation.requestBody?.content ?? {};
    const init: RequestInit = { method };
    if ('multipart/form-data' in content)
      init.body = uploadForm([fixtureFile()], { run: JSON.stringify({ id: foreign.get('run') }) });
    else if (method !== 'GET' && method !== 'DELETE') {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify({ id: foreign.get('run'), laboratoryId: DEMO_LABORATORY });
    }
    return call(app.url, token, concrete(path), init);
  };

  it('the document lists the routes to cover', () => {
    expect(routes().length).toBeGreaterThan(20);
  });

  it('every route refuses a caller without a token (401)', async () => {
    const failures: string[] = [];
    for (const [method, path] of routes()) {
      const answer = await request(method, path, null);
      if (answer.status !== 401) failures.push(`${method} ${path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(['technician', 'physician', 'labadmin'] as RoleName[])(
    "every route, as another laboratory's %s, never answers the demo laboratory's data, never 500",
    async (role) => {
      const failures: string[] = [];
      for (const [method, path] of routes()) {
        const answer = await request(method, path, tokens[role]);
        const text = JSON.stringify(answer.body);
        if (answer.status >= 500) failures.push(`${method} ${path}: ${answer.status} ${text.slice(0, 200)}`);
        else if (answer.status < 300 && privateIds.some((id) => text.includes(id)))
          failures.push(`${method} ${path}: ${answer.status} with the demo laboratory's data`);
      }
      expect(failures).toEqual([]);
      const { rows } = await admin.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM audit_log a JOIN app_user u ON u.id = a.actor_id
          WHERE a.laboratory_id = $1 AND u.laboratory_id <> $1`,
        [DEMO_LABORATORY],
      );
      expect(rows[0].count).toBe(0);
      const run = await admin.query<{ status: string; instrument_name: string | null }>(
        'SELECT status, instrument_name FROM run WHERE id = $1',
        [foreign.get('run')],
      );
      expect(run.rows[0].status).toBe('RUN_TO_INTERPRET');
    },
  );

  describe('forged tokens', () => {
    const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const parts = (token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } => {
      const [header, payload] = token.split('.');
      return {
        header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
        payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
      };
    };
    const forgeries = (): Array<[string, string]> => {
      const { header, payload } = parts(technicianA);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const rs256 = (h: unknown, p: unknown): string => {
        const input = `${b64(h)}.${b64(p)}`;
        return `${input}.${sign('RSA-SHA256', Buffer.from(input), rsa.privateKey).toString('base64url')}`;
      };
      const [realHeader, , realSignature] = technicianA.split('.');
      const later = Math.floor(Date.now() / 1000) + 3600;
      return [
        ['alg none', `${b64({ ...header, alg: 'none' })}.${b64(payload)}.`],
        [
          'HS256 with the public key as secret',
          (() => {
            const input = `${b64({ ...header, alg: 'HS256' })}.${b64(payload)}`;
            return `${input}.${createHmac('sha256', JSON.stringify(header)).update(input).digest('base64url')}`;
          })(),
        ],
        [
          'payload changed, signature kept',
          `${realHeader}.${b64({ ...payload, sub: randomUUID(), exp: later })}.${realSignature}`,
        ],
        ['signed by another key with the same kid', rs256(header, payload)],
        ['another issuer', rs256(header, { ...payload, iss: 'https://evil.example/realms/amplio' })],
        [
          'expired, signed by another key',
          rs256(header, { ...payload, exp: Math.floor(Date.now() / 1000) - 60 }),
        ],
        ['not a JWT', 'garbage'],
        ['empty signature', `${realHeader}.${b64(payload)}.`],
      ];
    };

    it.each([0, 1, 2, 3, 4, 5, 6, 7])(
      'forgery %i is refused over HTTP (401) and Socket.IO',
      async (index) => {
        const [, token] = forgeries()[index];
        expect((await call(app.url, token, '/run')).status).toBe(401);
        expect((await call(app.url, token, `/run/${foreign.get('run')}`)).status).toBe(401);
        const error = await new Promise<string>((resolve) => {
          const socket = io(app.url, {
            path: '/socket.io',
            transports: ['websocket'],
            auth: { token },
            reconnection: false,
          });
          socket.once('connect', () => {
            socket.disconnect();
            resolve('connected');
          });
          socket.once('connect_error', (failure) => resolve(failure.message));
        });
        expect(error).toBe('errorUnauthorized');
      },
    );
  });
});
