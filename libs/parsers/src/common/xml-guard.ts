import { invalidFile } from './run-file-errors';

const DTD_DECLARATION = /<!(DOCTYPE|ENTITY)/i;

/**
 * Refuses XML that declares a DTD or entities (entity-expansion bombs, external entities). No
 * parser in this library processes a DTD; this check makes the refusal explicit and early.
 * Only the prolog can hold a DOCTYPE, but the whole text is checked: it is cheap.
 */
export function assertNoDtd(fileName: string, xml: string, where = 'XML'): void {
  // No "<!" (no declaration, no comment, no CDATA) is the usual case: one native search says so.
  if (!xml.includes('<!')) return;
  if (DTD_DECLARATION.test(xml)) {
    throw invalidFile(
      fileName,
      `${where} with a DOCTYPE or ENTITY declaration is refused (no DTD processing)`,
    );
  }
}
