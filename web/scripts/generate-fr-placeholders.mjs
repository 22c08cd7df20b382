// Writes src/i18n/fr-FR/<area>.json from src/i18n/en-GB/<area>.json, one file per area: every text
// prefixed with exactly one FR_ (SPEC 1: French texts are placeholders). Run after changing an
// English area file: node web/scripts/generate-fr-placeholders.mjs
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../src/i18n/', import.meta.url);
const english = new URL('en-GB/', dir);
const french = new URL('fr-FR/', dir);
// A text that already carries the prefix (copied from a French file) keeps one FR_, never FR_FR_.
// A pure format with no words of its own ("{initial}: {label}") stays as it is: its parameters are
// French texts already, and a prefix would show FR_FR_ on screen.
const wordless = (text) => !/\p{L}/u.test(text.replace(/\{[^}]*\}/g, ''));
const placeholder = (text) => (wordless(text) ? text : `FR_${text.replace(/^(FR_)+/, '')}`);
mkdirSync(french, { recursive: true });
for (const name of readdirSync(english).filter((file) => file.endsWith('.json'))) {
  const texts = JSON.parse(readFileSync(new URL(name, english), 'utf8'));
  const prefixed = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, placeholder(text)]));
  writeFileSync(new URL(name, french), `${JSON.stringify(prefixed, null, 2)}\n`);
}
