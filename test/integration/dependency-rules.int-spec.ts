import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

const tops = (files: Record<string, string>): string[] => [
  ...new Set(Object.keys(files).map((path) => path.split('/')[0])),
];

/** Runs the project's dependency rules over a small tree and answers the violations' rule names. */
function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'amplio-deps-'));
  try {
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    writeFileSync(
      join(dir, 'tsconfig.depcruise.json'),
      JSON.stringify({ compilerOptions: { module: 'node20', moduleResolution: 'node16' } }),
    );
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    let output: string;
    try {
      output = execFileSync(
        depcruise,
        ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...tops(files)],
        { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      // depcruise exits non-zero when it finds violations; its report is still on stdout.
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      output = stdout ?? '';
      if (!output.trim()) throw new Error(`depcruise failed: ${stderr ?? String(error)}`, { cause: error });
    }
    const report = JSON.parse(output) as { summary: { violations: Array<{ rule: { name: string } }> } };
    return report.summary.violations.map((violation) => violation.rule.name).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('dependency rules (npm run lint)', () => {
  it('pass on a tree that respects the floors', () => {
    expect(
      violations({
        'libs/domain/src/index.ts': 'export const x = 1;\n',
        'libs/parsers/src/index.ts': "import { x } from '../../domain/src/index';\nexport const y = x;\n",
      }),
    ).toEqual([]);
  });

  it('fail on an import cycle', () => {
    expect(
      violations({
        'server/src/a.ts': "import { b } from './b';\nexport const a = (): number => b + 1;\n",
        'server/src/b.ts': "import { a } from './a';\nexport const b = 1;\nexport const c = a;\n",
      }),
    ).toContain('no-circular');
  });

  it('fail when a pure library imports Nest or the file system, or a library imports the server', () => {
    expect(
      violations({
        'libs/parsers/src/index.ts':
          "import { Injectable } from '@nestjs/common';\nexport const p = Injectable;\n",
        'libs/interpretation/src/index.ts':
          "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
        'libs/db/src/index.ts': "import { s } from '../../../server/src/s';\nexport const d = s;\n",
        'server/src/s.ts': 'export const s = 1;\n',
      }),
    ).toEqual(['libs-never-import-processes', 'pure-libs-import-no-io', 'pure-libs-import-no-io']);
  });
});
