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
  // Cy5.5 and Cy3.5 are dyes of their own (CFX writes "Cy5-5"): never folded into Cy5 or Cy3.
  [/^cy\s*-?5\s*[.,-]\s*5/i, 'CY5.5'],
  [/^cy\s*-?3\s*[.,-]\s*5/i, 'CY3.5'],
  [/^cy\s*-?5/i, 'CY5'],
  [/^cy\s*-?3/i, 'CY3'],
  [/^jun/i, 'JUN'],
  [/^aby/i, 'ABY'],
  [/^tamra/i, 'TAMRA'],
  [/^texas\s*-?red|^txr|^tex\b/i, 'TEXAS RED'],
  [/^quasar\s*-?670/i, 'QUASAR 670'],
  [/^quasar\s*-?705/i, 'QUASAR 705'],
  // The LightCycler 480's SYBR Green I filters (483-533 on the LC480 I, 465-510 on the LC480 II).
  [/^sybr|^eva\s*green|^483-533$|^465-510$/i, 'SYBR'],
];

export function normalizeDyeName(original: string): string {
  const trimmed = original.trim();
  for (const [pattern, name] of DYE_ALIASES) if (pattern.test(trimmed)) return name;
  return trimmed.toUpperCase();
}
