import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../e2e/harness';

/** The web client's API types come from the server's OpenAPI document: the committed copy must be current. */
describe('OpenAPI document', () => {
  it('is generated from the controllers and matches web/src/api/openapi.json', () => {
    const target = join(mkdtempSync(join(tmpdir(), 'amplio-openapi-')), 'openapi.json');
    execFileSync(process.execPath, [join(repoRoot, 'server/dist/openapi/write-openapi.js'), target], {
      cwd: repoRoot,
    });
    const generated = JSON.parse(readFileSync(target, 'utf8')) as { paths: Record<string, unknown> };
    expect(Object.keys(generated.paths)).toEqual(
      expect.arrayContaining(['/api/run/parse', '/api/run/{id}/submit', '/api/analysers']),
    );
    const committed = readFileSync(join(repoRoot, 'web/src/api/openapi.json'), 'utf8');
    expect(`${JSON.stringify(generated, null, 2)}\n`).toBe(committed);
  });
});
