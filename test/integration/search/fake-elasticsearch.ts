import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Elasticsearch stand-in on loopback for the tests (Elasticsearch cannot be installed on
 * the development machines: docs/search.md). It answers only the calls `ElasticsearchRunSearch`
 * makes: aliases, index create and delete, refresh, bulk (index, create, delete, external_gte
 * versions, strict mapping) and search (term filter, `match` with `operator: and` on a 1-3 gram
 * lowercase + asciifolding field, sort with `missing`, from and size). It is NOT Elasticsearch:
 * passing against it checks our client calls and our reading of the query semantics, not the server.
 */
interface StoredDocument {
  source: Record<string, unknown>;
  version: number;
}

interface FakeIndex {
  fields: Set<string>;
  copyTo: Set<string>;
  documents: Map<string, StoredDocument>;
  /** Versions of deleted documents (external versioning keeps them). */
  tombstones: Map<string, number>;
}

export interface FakeElasticsearch {
  url: string;
  /** Every request as `METHOD path`, in order. */
  requests: string[];
  indices: Map<string, FakeIndex>;
  aliases: Map<string, Set<string>>;
  /** Requests (`METHOD path`) matching this answer 500, as a broken cluster would. */
  failing: RegExp | null;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const isTokenCharacter = (character: string): boolean => /[\p{L}\p{N}\p{P}\p{S}]/u.test(character);
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The `run_text` analyser: tokens of letters, digits, punctuation and symbols, their 1-3 grams. */
export function grams(text: string): Set<string> {
  const result = new Set<string>();
  const characters = [...text];
  let token: string[] = [];
  const flush = (): void => {
    for (let start = 0; start < token.length; start += 1)
      for (let length = 1; length <= 3 && start + length <= token.length; length += 1)
        result.add(fold(token.slice(start, start + length).join('')));
    token = [];
  };
  for (const character of characters) {
    if (isTokenCharacter(character)) token.push(character);
    else flush();
  }
  flush();
  return result;
}

/** A document field's values: our documents hold strings, numbers, null and arrays of strings. */
function values(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

function compare(left: unknown, right: unknown, date: boolean): number {
  if (date) return Date.parse(String(left)) - Date.parse(String(right));
  const a = String(left);
  const b = String(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function startFakeElasticsearch(): Promise<FakeElasticsearch> {
  const indices = new Map<string, FakeIndex>();
  const aliases = new Map<string, Set<string>>();
  const requests: string[] = [];

  const resolve = (name: string): string[] =>
    name
      .split(',')
      .flatMap((part) =>
        aliases.has(part) ? [...(aliases.get(part) ?? [])] : indices.has(part) ? [part] : [],
      );

  const write = (indexName: string, action: string, meta: Json, source: Json | null): Json => {
    const targets = resolve(indexName);
    const _id = String(meta._id);
    if (targets.length !== 1)
      return { _index: indexName, _id, status: 404, error: { type: 'index_not_found_exception' } };
    const index = indices.get(targets[0]) as FakeIndex;
    const current = index.documents.get(_id)?.version ?? index.tombstones.get(_id);
    const external = meta.version_type === 'external_gte';
    const version = Number(meta.version);
    const conflict = {
      _index: targets[0],
      _id,
      status: 409,
      error: { type: 'version_conflict_engine_exception' },
    };
    if (action === 'delete') {
      if (external && current !== undefined && version < current) return conflict;
      const existed = index.documents.delete(_id);
      if (external) index.tombstones.set(_id, version);
      return {
        _index: targets[0],
        _id,
        status: existed ? 200 : 404,
        result: existed ? 'deleted' : 'not_found',
      };
    }
    if (action === 'create' && index.documents.has(_id)) return conflict;
    if (external && current !== undefined && version < current) return conflict;
    const unknown = Object.keys(source ?? {}).find((field) => !index.fields.has(field));
    if (unknown)
      return {
        _index: targets[0],
        _id,
        status: 400,
        error: { type: 'strict_dynamic_mapping_exception', field: unknown },
      };
    index.documents.set(_id, { source: source ?? {}, version: external ? version : (current ?? 0) + 1 });
    index.tombstones.delete(_id);
    return { _index: targets[0], _id, status: 201, result: 'created' };
  };

  const search = (indexName: string, body: Json): Json => {
    const query = (body.query as { bool: { filter: Json[]; must: Json[] } }).bool;
    const hits: Array<{ id: string; index: string; source: Json }> = [];
    for (const name of resolve(indexName)) {
      const index = indices.get(name) as FakeIndex;
      for (const [id, { source }] of index.documents) {
        const filtered = query.filter.every((filter) =>
          Object.entries(filter.term as Json).every(([field, value]) =>
            values(source[field]).includes(String(value)),
          ),
        );
        if (!filtered) continue;
        const text = grams([...index.copyTo].flatMap((field) => values(source[field])).join(' '));
        const matched = query.must.every((must) => {
          const { query: words } = (must.match as { searchText: { query: string } }).searchText;
          return [...grams(words)].every((gram) => text.has(gram));
        });
        if (matched) hits.push({ id, index: name, source });
      }
    }
    const sorts = (body.sort as Array<Record<string, { order: 'asc' | 'desc'; missing?: string }>>).map(
      (sort) => Object.entries(sort)[0],
    );
    hits.sort((a, b) => {
      for (const [field, { order, missing }] of sorts) {
        const left = a.source[field];
        const right = b.source[field];
        const none = (value: unknown): boolean => value === null || value === undefined;
        if (none(left) || none(right)) {
          if (none(left) && none(right)) continue;
          const last = (missing ?? (order === 'asc' ? '_last' : '_first')) === '_last';
          return none(left) === last ? 1 : -1;
        }
        const result = compare(left, right, field === 'created' || field === 'runDate');
        if (result !== 0) return order === 'asc' ? result : -result;
      }
      return 0;
    });
    const from = Number(body.from ?? 0);
    const size = Number(body.size ?? 10);
    return {
      took: 1,
      timed_out: false,
      hits: {
        total: { value: hits.length, relation: 'eq' },
        hits: hits.slice(from, from + size).map((hit) => ({ _index: hit.index, _id: hit.id, _score: null })),
      },
    };
  };

  const handle = (method: string, path: string, body: string): [number, Json | null] => {
    const parts = path.split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === '_alias') {
      const indicesOf = aliases.get(parts[1]);
      if (!indicesOf || indicesOf.size === 0)
        return [404, method === 'HEAD' ? null : { error: 'alias missing', status: 404 }];
      return [
        200,
        Object.fromEntries([...indicesOf].map((index) => [index, { aliases: { [parts[1]]: {} } }])),
      ];
    }
    if (parts[0] === '_aliases' && method === 'POST') {
      for (const action of (JSON.parse(body) as { actions: Json[] }).actions) {
        const [kind, target] = Object.entries(action)[0] as [string, { index: string; alias: string }];
        if (!indices.has(target.index)) return [404, { error: { type: 'index_not_found_exception' } }];
        const set = aliases.get(target.alias) ?? new Set<string>();
        if (kind === 'add') set.add(target.index);
        else set.delete(target.index);
        aliases.set(target.alias, set);
      }
      return [200, { acknowledged: true }];
    }
    if (parts.length === 1 && method === 'PUT') {
      if (indices.has(parts[0])) return [400, { error: { type: 'resource_already_exists_exception' } }];
      const { mappings } = JSON.parse(body) as {
        mappings: { properties: Record<string, { copy_to?: string }> };
      };
      indices.set(parts[0], {
        fields: new Set(Object.keys(mappings.properties)),
        copyTo: new Set(
          Object.entries(mappings.properties)
            .filter(([, field]) => field.copy_to === 'searchText')
            .map(([name]) => name),
        ),
        documents: new Map(),
        tombstones: new Map(),
      });
      return [200, { acknowledged: true, index: parts[0] }];
    }
    if (parts.length === 1 && method === 'DELETE') {
      for (const name of parts[0].split(',')) {
        indices.delete(name);
        for (const set of aliases.values()) set.delete(name);
      }
      return [200, { acknowledged: true }];
    }
    if (parts[1] === '_refresh') return [200, { _shards: { total: 1, successful: 1, failed: 0 } }];
    if (parts[1] === '_bulk') {
      const lines = body.split('\n').filter((line) => line.trim() !== '');
      const items: Json[] = [];
      for (let line = 0; line < lines.length; line += 1) {
        const [action, meta] = Object.entries(JSON.parse(lines[line]) as Json)[0] as [string, Json];
        const source = action === 'delete' ? null : (JSON.parse(lines[(line += 1)]) as Json);
        items.push({
          [action]: write(typeof meta._index === 'string' ? meta._index : parts[0], action, meta, source),
        });
      }
      return [
        200,
        {
          took: 1,
          errors: items.some((item) => Object.values(item).some((r) => 'error' in (r as Json))),
          items,
        },
      ];
    }
    if (parts[1] === '_search') return [200, search(parts[0], JSON.parse(body || '{}') as Json)];
    return [400, { error: { type: 'fake_elasticsearch_unsupported', reason: `${method} ${path}` } }];
  };

  const fake: FakeElasticsearch = {
    url: '',
    requests,
    indices,
    aliases,
    failing: null,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const line = `${method} ${path.split('?')[0]}`;
      requests.push(line);
      const [status, payload] = fake.failing?.test(line)
        ? [500, { error: { type: 'fake_failure', reason: line }, status: 500 }]
        : handle(method, path, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(status, {
        'content-type': 'application/json',
        'x-elastic-product': 'Elasticsearch',
      });
      response.end(payload === null || method === 'HEAD' ? undefined : JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
