// Writes src/i18n/fr-FR.json from en-GB.json: every value prefixed FR_ (SPEC 1: French texts are
// placeholders). Run after changing en-GB.json: node web/scripts/generate-fr-placeholders.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../src/i18n/', import.meta.url);
const english = JSON.parse(readFileSync(new URL('en-GB.json', dir), 'utf8'));
const prefix = (value) =>
  typeof value === 'string'
    ? `FR_${value}`
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, prefix(inner)]));
writeFileSync(new URL('fr-FR.json', dir), `${JSON.stringify(prefix(english), null, 2)}\n`);
