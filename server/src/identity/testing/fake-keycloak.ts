/**
 * Test-only: a fake Keycloak on loopback answering the Admin REST API calls the user directory
 * makes (token, users, realm role mappings, logout), shaped like Keycloak 26's answers, and
 * recording every request. Not a real Keycloak: see docs/identity.md. Not used in production.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

interface FakeUser {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  enabled?: boolean;
  requiredActions?: string[];
  attributes?: Record<string, string[]>;
  credentials?: Array<{ type: string; value: string; temporary: boolean }>;
}

export interface FakeKeycloak {
  url: string;
  requests: RecordedRequest[];
  users: Map<string, FakeUser>;
  roleMappings: Map<string, Set<string>>;
  loggedOut: string[];
  close(): Promise<void>;
}

const ROLES = ['TECHNICIAN', 'WRITE_DIAGNOSTIC', 'ADMIN', 'SUPER_ADMIN'].map((name) => ({
  id: `role-${name}`,
  name,
}));

/** Keycloak never returns credentials; JSON drops the undefined field. */
const withoutCredentials = (user: FakeUser): FakeUser => ({ ...user, credentials: undefined });

function fakeJwt(): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ exp: now + 300, iat: now, typ: 'Bearer' })}.signature`;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text) as unknown;
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startFakeKeycloak(): Promise<FakeKeycloak> {
  const requests: RecordedRequest[] = [];
  const users = new Map<string, FakeUser>();
  const roleMappings = new Map<string, Set<string>>();
  const loggedOut: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      requests.push({
        method: req.method ?? '',
        path: url.pathname.replace(/\/+$/, ''),
        query: Object.fromEntries(url.searchParams),
        body,
        authorization: req.headers.authorization,
      });
      const json = (status: number, value?: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(value === undefined ? '' : JSON.stringify(value));
      };
      const path = url.pathname.replace(/\/+$/, '');
      if (path === '/realms/amplio/protocol/openid-connect/token' && req.method === 'POST') {
        // client_secret_basic (RFC 6749 2.3.1), as the admin client sends it.
        const basic = Buffer.from(
          (req.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString();
        if (basic !== 'amplio-admin:s3cret') return json(401, { error: 'unauthorized_client' });
        return json(200, { access_token: fakeJwt(), expires_in: 300, token_type: 'Bearer' });
      }
      if (req.headers.authorization?.startsWith('Bearer ') !== true) return json(401);
      const role = /^\/admin\/realms\/amplio\/roles\/([^/]+)$/.exec(path);
      if (role) {
        const found = ROLES.find((r) => r.name === decodeURIComponent(role[1] ?? ''));
        return found ? json(200, found) : json(404, { error: 'Could not find role' });
      }
      if (path === '/admin/realms/amplio/users' && req.method === 'POST') {
        const user = body as FakeUser;
        if ([...users.values()].some((u) => u.username === user.username))
          return json(409, { errorMessage: 'User exists with same username' });
        const id = randomUUID();
        users.set(id, { ...user, id });
        return json(201, undefined, { location: `${url.origin}/admin/realms/amplio/users/${id}` });
      }
      if (path === '/admin/realms/amplio/users' && req.method === 'GET') {
        const [key, value] = (url.searchParams.get('q') ?? '').split(':');
        const list = [...users.values()].filter(
          (u) => !key || (u.attributes?.[key] ?? []).includes(value ?? ''),
        );
        return json(
          200,
          list.map(({ credentials: _credentials, ...rest }) => rest),
        );
      }
      const one = /^\/admin\/realms\/amplio\/users\/([^/]+)(\/.*)?$/.exec(path);
      const user = one ? users.get(one[1] ?? '') : undefined;
      if (!one || !user) return json(404, { error: 'User not found' });
      const id = user.id;
      const rest = one[2] ?? '';
      if (rest === '' && req.method === 'GET') {
        return json(200, withoutCredentials(user));
      }
      if (rest === '' && req.method === 'PUT') {
        users.set(id, { ...user, ...(body as Partial<FakeUser>), id });
        return json(204);
      }
      if (rest === '' && req.method === 'DELETE') {
        users.delete(id);
        return json(204);
      }
      if (rest === '/logout' && req.method === 'POST') {
        loggedOut.push(id);
        return json(204);
      }
      if (rest === '/role-mappings/realm') {
        const mapped = roleMappings.get(id) ?? new Set<string>();
        roleMappings.set(id, mapped);
        const names = ((body as Array<{ name: string }> | undefined) ?? []).map((r) => r.name);
        if (req.method === 'POST') names.forEach((name) => mapped.add(name));
        if (req.method === 'DELETE') names.forEach((name) => mapped.delete(name));
        if (req.method === 'GET')
          return json(
            200,
            ROLES.filter((r) => mapped.has(r.name)),
          );
        return json(204);
      }
      return json(404);
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    users,
    roleMappings,
    loggedOut,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
