/** SPEC 9: the extensions an analyser accepts when it names none. */
export const DEFAULT_EXTENSIONS = ['.xlsx', '.xls', '.xml'];

/** The analyser's accepted extensions (".xlsx,.xls"), lower case with their dot. */
export function acceptedExtensions(extension: string | null | undefined): string[] {
  const listed = (extension ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .map((item) => (item.startsWith('.') ? item : `.${item}`));
  return listed.length > 0 ? listed : DEFAULT_EXTENSIONS;
}

/** The first file whose name has none of the extensions, or null. */
export function fileWithoutExtension(names: string[], extensions: string[]): string | null {
  return names.find((name) => !extensions.some((ext) => name.toLowerCase().endsWith(ext))) ?? null;
}
