import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Test-only code sits in `testing/` folders; the app (what Vite bundles) must never import it. */
const SRC = __dirname;

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : productionFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOfTesting(source: string): string[] {
  return [...source.matchAll(/from\s+'([^']*\/testing\/[^']*)'/g)].map((match) => match[1]);
}

describe('test helpers stay out of the app', () => {
  it('finds an import of a testing folder', () => {
    expect(importsOfTesting("import { x } from '../i18n/testing/test-i18n';")).toEqual([
      '../i18n/testing/test-i18n',
    ]);
  });

  it('no production file under web/src imports a testing/ folder', () => {
    const offenders = productionFiles(SRC).filter(
      (file) => importsOfTesting(readFileSync(file, 'utf8')).length > 0,
    );
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });
});
