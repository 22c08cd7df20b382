// Checks the catalogue (src/i18n/<locale>/<area>.json, flat keys) and fails (exit 1) on:
// - a French area file missing or extra, a key missing in either language;
// - a French text that is not the English one prefixed with exactly one FR_ (FR_FR_ included),
//   except a pure format with no words of its own ("{initial}: {label}"), which stays as it is;
// - a key defined in two area files of a language;
// - a static t('key') in web/src with no English text, or a t(`group.${...}`) with no such group;
// - a server error key (libs/domain/src/error-keys.ts) with no English text;
// - a hard-coded text in JSX (a JSX text with a letter, or a literal in a visible attribute such as
//   title, placeholder, label, alt, aria-label), outside tests. A text that is a proper name or a
//   symbol goes in JSX_ALLOWED below; anything else belongs in the catalogue.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const src = new URL('../src/', import.meta.url).pathname;
const catalogue = join(src, 'i18n');
const problems = [];
const areasOf = (locale) =>
  existsSync(join(catalogue, locale))
    ? readdirSync(join(catalogue, locale)).filter((name) => name.endsWith('.json'))
    : [];
/** The merged texts of a language, with the area file each key came from. */
function load(locale) {
  const texts = new Map();
  for (const name of areasOf(locale)) {
    const entries = JSON.parse(readFileSync(join(catalogue, locale, name), 'utf8'));
    for (const [key, text] of Object.entries(entries)) {
      if (typeof text !== 'string')
        problems.push(`${locale}/${name}: '${key}' is not a text (keys are flat)`);
      else if (texts.has(key)) problems.push(`${locale}: '${key}' is in ${texts.get(key).file} and ${name}`);
      else texts.set(key, { text, file: name });
    }
  }
  return texts;
}
/** A pure format ("{initial}: {label}"): the same in both languages (its parameters are translated). */
const wordless = (text) => !/\p{L}/u.test(text.replace(/\{[^}]*\}/g, ''));
const english = load('en-GB');
const french = load('fr-FR');
for (const name of areasOf('en-GB'))
  if (!areasOf('fr-FR').includes(name)) problems.push(`fr-FR/${name} is missing (npm run i18n:fr -w web)`);
for (const name of areasOf('fr-FR'))
  if (!areasOf('en-GB').includes(name)) problems.push(`fr-FR/${name} has no en-GB/${name}`);
for (const [key, { text, file }] of english) {
  const translated = french.get(key);
  if (!translated) problems.push(`fr-FR/${file} lacks '${key}'`);
  else if (translated.text.startsWith('FR_FR_'))
    problems.push(`fr-FR/${translated.file}: '${key}' has a doubled FR_ prefix`);
  else if (translated.text !== (wordless(text) ? text : `FR_${text}`))
    problems.push(`fr-FR/${translated.file}: '${key}' is not FR_ + the English text`);
  else if (translated.file !== file)
    problems.push(`fr-FR: '${key}' is in ${translated.file}, en-GB has it in ${file}`);
}
for (const [key, { file }] of french)
  if (!english.has(key)) problems.push(`en-GB lacks '${key}' (fr-FR/${file} has it)`);
for (const key of english.keys()) {
  const parts = key.split('.');
  for (let index = 1; index < parts.length; index += 1)
    if (english.has(parts.slice(0, index).join('.'))) problems.push(`en-GB: '${key}' is under a text key`);
}

const base = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const known = new Set([...english.keys()].map(base));
const groups = new Set(
  [...english.keys()].flatMap((key) =>
    key
      .split('.')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('.')),
  ),
);
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
  for (const match of text.matchAll(/\bt\(\s*`([a-zA-Z.]+)\.\$\{/g)) {
    if (!groups.has(match[1])) problems.push(`${file.slice(src.length)}: no en-GB group '${match[1]}'`);
  }
}
// Every error key the server may send (libs/domain/src/error-keys.ts) has a text.
const errorKeysFile = new URL('../../libs/domain/src/error-keys.ts', import.meta.url).pathname;
if (existsSync(errorKeysFile)) {
  const list = readFileSync(errorKeysFile, 'utf8').match(/ERROR_KEYS = \[([^\]]*)\]/);
  for (const match of (list?.[1] ?? '').matchAll(/'([A-Za-z.]+)'/g))
    if (!english.has(match[1])) problems.push(`en-GB lacks the server error key '${match[1]}'`);
}

/** Texts that are the same in every language: product and instrument names, units, symbols. */
const JSX_ALLOWED = new Set([
  'Amplio',
  'Cq',
  'RFU',
  'FTP',
  'SFTP',
  'RDML',
  'CSV',
  'XLSX',
  'PDF',
  'ID',
  'UDI',
  'Ct',
  'ΔRn',
]);
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'okText',
  'cancelText',
  'tooltip',
]);
const hasWords = (text) => /\p{L}{2,}/u.test(text) && !JSX_ALLOWED.has(text.trim());
for (const file of walk(src).filter(
  (path) => path.endsWith('.tsx') && !/\.spec\.tsx$|\/testing\//.test(path),
)) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const report = (node, text) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    problems.push(
      `${file.slice(src.length)}:${line + 1}: hard-coded text in JSX: ${JSON.stringify(text.trim())}`,
    );
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      hasWords(node.expression.text)
    )
      report(node, node.expression.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)
          ? value.expression
          : null;
      if (literal && hasWords(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
