/** SPEC 9: the colour picker offers 17 default colours and a history of the last 18 chosen. */
export const DEFAULT_COLOURS = [
  '#f5222d',
  '#fa541c',
  '#fa8c16',
  '#faad14',
  '#fadb14',
  '#a0d911',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#8c8c8c',
  '#595959',
  '#000000',
  '#ffffff',
  '#d4b106',
] as const;

export const COLOUR_HISTORY_SIZE = 18;
const STORAGE_KEY = 'amplio.colourHistory';

/** The newest colour first, without duplicates (case-insensitive), at most 18. */
export function pushColour(history: readonly string[], colour: string): string[] {
  const lower = colour.toLowerCase();
  return [lower, ...history.filter((c) => c.toLowerCase() !== lower)].slice(0, COLOUR_HISTORY_SIZE);
}

export function readColourHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((c): c is string => typeof c === 'string').slice(0, COLOUR_HISTORY_SIZE)
      : [];
  } catch {
    return [];
  }
}

export function writeColourHistory(history: readonly string[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(history));
}
