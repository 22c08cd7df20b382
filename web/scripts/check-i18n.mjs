// Fails when a static t('key') in web/src has no en-GB text, or when en-GB and fr-FR keys differ.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const src = new URL('../src/', import.meta.url).pathname;
const english = JSON.parse(readFileSync(join(src, 'i18n/en-GB.json'), 'utf8'));
const french = JSON.parse(readFileSync(join(src, 'i18n/fr-FR.json'), 'utf8'));
const flatten = (value, path = '') =>
  typeof value === 'string'
    ? [path]
    : Object.entries(value).flatMap(([key, inner]) => flatten(inner, path ? `${path}.${key}` : key));
const englishKeys = new Set(flatten(english));
const frenchKeys = new Set(flatten(french));
const base = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const known = new Set([...englishKeys].map(base));
const problems = [];
for (const key of englishKeys) if (!frenchKeys.has(key)) problems.push(`fr-FR lacks ${key}`);
for (const key of frenchKeys) if (!englishKeys.has(key)) problems.push(`en-GB lacks ${key} (fr-FR has it)`);
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
for (const file of walk(src)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
    if (!known.has(match[1])) problems.push(`${file.slice(src.length)}: no en-GB text for '${match[1]}'`);
  }
  for (const match of text.matchAll(/\bt\(\s*`([a-zA-Z]+)\.\$\{/g)) {
    if (!english[match[1]]) problems.push(`${file.slice(src.length)}: no en-GB group '${match[1]}'`);
  }
}
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
