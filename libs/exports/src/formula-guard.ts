/** Characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a text cell against formula injection: a text that starts with =, +, -, @, tab or
 * carriage return gets a single quote in front. Only text cells: numbers are written as numbers.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
