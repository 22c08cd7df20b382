/**
 * The translation catalogue: per locale, one JSON file per area (`<locale>/<area>.json`, flat keys
 * such as `"runList.title"`), merged here into i18next's nested resources. Any area file may be
 * added without touching a shared file; a key defined twice (in two files, or as both a text and a
 * group) is an error.
 */
export type AreaFile = Record<string, string>;
export type Catalogue = { [key: string]: string | Catalogue };

/** `{ 'en-GB/runs.json': {...} }`-style paths (any prefix) to `{ 'en-GB': { runs: {...} } }`. */
export function filesByLocale(files: Record<string, AreaFile>): Record<string, Record<string, AreaFile>> {
  const locales: Record<string, Record<string, AreaFile>> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /([^/\\]+)[/\\]([^/\\]+)\.json$/.exec(path);
    if (!match) throw new Error(`Not a <locale>/<area>.json file: ${path}`);
    const [, locale, area] = match;
    (locales[locale] ??= {})[area] = content;
  }
  return locales;
}

/** Merges one locale's area files into nested resources; throws on a key defined twice. */
export function mergeAreas(areas: Record<string, AreaFile>): Catalogue {
  const catalogue: Catalogue = {};
  const origin = new Map<string, string>();
  for (const [area, entries] of Object.entries(areas)) {
    for (const [key, text] of Object.entries(entries)) {
      if (typeof text !== 'string') throw new Error(`${area}.json: '${key}' is not a text`);
      const clash = origin.get(key);
      if (clash) throw new Error(`'${key}' is defined in ${clash}.json and ${area}.json`);
      origin.set(key, area);
      const parts = key.split('.');
      let node = catalogue;
      parts.forEach((part, index) => {
        const last = index === parts.length - 1;
        const existing = node[part];
        if (last) {
          if (existing !== undefined) throw new Error(`${area}.json: '${key}' is both a text and a group`);
          node[part] = text;
          return;
        }
        if (typeof existing === 'string')
          throw new Error(
            `${area}.json: '${key}' is under the text '${parts.slice(0, index + 1).join('.')}'`,
          );
        node = (node[part] ??= {}) as Catalogue;
      });
    }
  }
  return catalogue;
}
