import type { Analyser } from '../../api/types';

/** SPEC 9: default upload extensions when the analyser names none. */
export const DEFAULT_EXTENSIONS = ['.xlsx', '.xls', '.xml'];

export function acceptedExtensions(analyser: Pick<Analyser, 'extension'> | undefined): string[] {
  const listed = (analyser?.extension ?? '')
    .split(',')
    .map((extension) => extension.trim().toLowerCase())
    .filter(Boolean)
    .map((extension) => (extension.startsWith('.') ? extension : `.${extension}`));
  return listed.length > 0 ? listed : DEFAULT_EXTENSIONS;
}

export function hasExtension(fileName: string, extensions: string[]): boolean {
  const lower = fileName.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}
