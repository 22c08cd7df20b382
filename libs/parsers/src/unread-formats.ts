import type { RunFile } from '@amplio/domain';
import { decodeText } from './common/text';
import { listZipEntryNames } from './common/zip';
import { isZip, looksLikeText } from './common/sniff';

/**
 * Exports Amplio recognises but does not read, each with what to export instead: a refusal that
 * names the format helps a technician more than "not a run export" (public files of these kinds
 * were refused that way: docs/formats.md, "Recognised, not read").
 */
const TEXT_SIGNATURES: ReadonlyArray<[RegExp, string]> = [
  [
    /Excel Analysed Data Export|Corbett Research/i,
    'a Rotor-Gene "Excel Analysed Data Export", which is not read: import the run file (.rex)',
  ],
  [
    /^SDS [\d.]+\s*RQ Results|Exported RQ Study/im,
    "an SDS relative-quantification study export, which is not read: export the plate's results or its amplification data",
  ],
  [/^Well \/ Set\tDye\t/m, 'a Bio-Rad Opticon Monitor export, which is not read'],
];

/** What the file is, when it is a format Amplio knows it does not read; null otherwise. */
export function unreadFormat(file: RunFile): string | null {
  if (isZip(file.content)) {
    const names = listZipEntryNames(file.content) ?? [];
    if (names.some((name) => /^primary\/analysis_result\.json$/i.test(name) || /^summary\.json$/i.test(name)))
      return 'a QuantStudio Design & Analysis .eds (JSON inside), which is not read: export the results as .xlsx';
    return null;
  }
  if (!looksLikeText(file.content)) return null;
  const head = decodeText(file.content.subarray(0, 4096));
  for (const [signature, description] of TEXT_SIGNATURES) if (signature.test(head)) return description;
  return null;
}
