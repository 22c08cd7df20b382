/**
 * Normalised dye (channel) names. Instruments write "FAM", "Fam", "FAM-MGB", "Cycling A.Green",
 * "483-533", "Hex", "VIC", "Texas Red", "Cy5", "SYBR", "EvaGreen"...; parsers keep the original and
 * store the normalised name.
 */
const DYE_ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/^fam/i, 'FAM'],
  [/^hex/i, 'HEX'],
  [/^vic/i, 'VIC'],
  [/^rox/i, 'ROX'],
  [/^cy\s*-?5/i, 'CY5'],
  [/^cy\s*-?3/i, 'CY3'],
  [/^jun/i, 'JUN'],
  [/^aby/i, 'ABY'],
  [/^tamra/i, 'TAMRA'],
  [/^texas\s*-?red|^txr|^tex\b/i, 'TEXAS RED'],
  [/^quasar\s*-?670/i, 'QUASAR 670'],
  [/^quasar\s*-?705/i, 'QUASAR 705'],
  [/^sybr|^eva\s*green|^483-533$/i, 'SYBR'],
];

export function normalizeDyeName(original: string): string {
  const trimmed = original.trim();
  for (const [pattern, name] of DYE_ALIASES) if (pattern.test(trimmed)) return name;
  return trimmed.toUpperCase();
}
