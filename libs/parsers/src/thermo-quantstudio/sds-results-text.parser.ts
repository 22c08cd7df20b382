import type { ParsedRun, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { missingColumn } from '../common/import-errors';
import { MAX_FILE_BYTES } from '../common/limits';
import { positionFromWellNumber, RunBuilder } from '../common/run-builder';
import { corruptedFile, guardRead, invalidFile } from '../common/run-file-errors';
import { isOle2, isZip, looksLikeText } from '../common/sniff';
import { HeaderColumns } from '../common/table';
import {
  decodeText,
  headLines,
  optionalNumber,
  requireNumber,
  splitDelimited,
  splitLines,
} from '../common/text';
import { recoverThresholdsFromCq } from '../common/threshold-from-cq';
import { inflateZipEntry, listZipEntryNames, readZipDirectory } from '../common/zip';

export const SDS_RESULTS_FORMAT_ID = 'thermo-7500-sds-txt';

const SESSION_LINE = /^Session Name\b/i;
const RN_ROW = /^Rn values$/i;
const DELTA_RN_ROW = /^Delta Rn values$/i;
/**
 * Rows of other per-well results the export interleaves after a well's row (relative
 * quantification: "DDCT Values"; standard curve: "Std Curve Results", "... X Values"): not read.
 * They are told by a first cell that is not a well number.
 */
const OTHER_RESULT_ROW = /^[A-Za-z]/;

const cells = (line: string): string[] => splitDelimited(line, '\t').map((cell) => cell.trim());

/**
 * Applied Biosystems 7500 (SDS software) "Results" text export with amplification data: a
 * "Session Name" line, the header `Well Sample Name Detector Task Ct ...`, then for each well and
 * detector its results row followed by "Rn values" and "Delta Rn values" rows (one value per cycle)
 * and a "DDCT Values" row. Wells are numbered from 0 (0 = A1, 12 = B1 on a 96-well plate). The
 * export names detectors (targets), not dyes: each detector is a channel. An undetermined Ct is
 * written as the last cycle (40.0 on a 40-cycle run), as the StepOne writes it in RDML: a Ct at or
 * after the last cycle is no Ct (docs/formats.md). The same text is the analysis result an .eds run
 * file (a zip) holds as apldbio/sds/analysis_result.txt: an .eds is read through it.
 */
export function parseSdsResultsText(file: RunFile): ParsedRun {
  if (file.content.length > MAX_FILE_BYTES)
    throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
  return guardRead(file.name, 'unexpected content', () => {
    const lines = splitLines(file.name, decodeText(file.content)).filter((line) => line.trim() !== '');
    const headerIndex = lines.findIndex((line) => !SESSION_LINE.test(line));
    const header = new HeaderColumns(cells(lines[headerIndex] ?? ''));
    for (const name of ['Well', 'Detector', 'Ct'])
      if (header.find(name) < 0) throw missingColumn(file.name, 'results', name);
    const column = {
      well: header.find('Well'),
      sample: header.find('Sample Name', 'Sample'),
      detector: header.find('Detector'),
      task: header.find('Task'),
      ct: header.find('Ct'),
    };
    type Entry = { wellNumber: number; sample: string; detector: string; task: string; ct: number | null };
    const entries: Array<Entry & { rn: number[] | null; deltaRn: number[] | null }> = [];
    let maxWell = 0;
    for (let index = headerIndex + 1; index < lines.length; index++) {
      const row = cells(lines[index]);
      const label = row[0];
      const where = `line ${index + 1}`;
      if (RN_ROW.test(label) || DELTA_RN_ROW.test(label)) {
        const current = entries[entries.length - 1];
        if (!current) throw invalidFile(file.name, `${label} before any well at ${where}`);
        const values = row
          .slice(1)
          .filter((cell) => cell !== '')
          .map((cell) => requireNumber(file.name, cell, `${label} at ${where}`));
        if (RN_ROW.test(label)) current.rn = values;
        else current.deltaRn = values;
        continue;
      }
      if (OTHER_RESULT_ROW.test(label)) continue;
      const wellNumber = requireNumber(file.name, label, `well column at ${where}`);
      if (!Number.isInteger(wellNumber) || wellNumber < 0)
        throw invalidFile(file.name, `well ${label} at ${where}`);
      maxWell = Math.max(maxWell, wellNumber);
      entries.push({
        wellNumber,
        sample: row[column.sample] ?? '',
        detector: row[column.detector] ?? '',
        task: column.task >= 0 ? (row[column.task] ?? '') : '',
        ct: optionalNumber(file.name, row[column.ct], `Ct at ${where}`),
        rn: null,
        deltaRn: null,
      });
    }
    if (entries.length === 0) throw invalidFile(file.name, 'no well in the results');
    const builder = new RunBuilder(
      file.name,
      SDS_RESULTS_FORMAT_ID,
      maxWell >= 96 ? 'RECTANGULAR_384' : 'RECTANGULAR_96',
    );
    builder.instrumentName = 'Applied Biosystems 7500';
    builder.notes.push(
      '7500 SDS results export: wells numbered from 0; channels are the detectors (targets)',
    );
    for (const entry of entries) {
      if (!entry.detector) throw invalidFile(file.name, `no detector for well ${entry.wellNumber}`);
      const plate = builder.declaredPlate ?? 'RECTANGULAR_96';
      const well = builder.well(positionFromWellNumber(file.name, entry.wellNumber + 1, plate));
      if (entry.sample) well.sampleName = entry.sample;
      const channel = builder.wellChannel(well, entry.detector);
      const reads = entry.deltaRn ?? entry.rn;
      const cycleCount = reads?.length ?? 0;
      channel.instrumentCq =
        entry.ct !== null && (cycleCount === 0 || entry.ct < cycleCount) ? entry.ct : null;
      if (reads && reads.length > 0)
        builder.setCurve(
          well,
          entry.detector,
          entry.deltaRn ? 'baseline-corrected' : 'raw',
          reads.map((_value, cycle) => cycle + 1),
          reads,
        );
    }
    // The export holds no threshold: it is recovered from the Cts (per detector; the SDS smooths
    // its reads, so its wells agree within a few per cent, not exactly).
    const run = builder.build();
    const groups = run.channels.map(({ dye }) => ({
      dye,
      positions: run.wells.filter((well) => well.channels[dye]).map((well) => well.position),
    }));
    run.notes = [
      ...(run.notes ?? []),
      ...recoverThresholdsFromCq(run, groups, { agreement: 0.05, instrument: '7500' }),
    ];
    return run;
  });
}

/** The analysis result inside an .eds run file (7500 / StepOne software v2: a zip). */
const EDS_RESULT = 'apldbio/sds/analysis_result.txt';

function isEdsWithResults(file: RunFile): boolean {
  return (
    isZip(file.content) &&
    (listZipEntryNames(file.content) ?? []).some((name) => name.toLowerCase() === EDS_RESULT)
  );
}

/** The .eds run file's analysis result as a text file of its own; the file itself otherwise. */
function resultsText(file: RunFile): RunFile {
  if (!isZip(file.content)) return file;
  const entry = readZipDirectory(file.name, file.content).find((info) => info.key === EDS_RESULT);
  if (!entry)
    throw invalidFile(file.name, `an .eds run file without ${EDS_RESULT} (analyse the run and save it)`);
  return { name: file.name, content: Buffer.from(inflateZipEntry(file.name, file.content, entry)) };
}

export const sdsResultsTextParser: FormatParser = {
  id: SDS_RESULTS_FORMAT_ID,
  detect(files: RunFile[]): boolean {
    if (files.length !== 1) return false;
    const [file] = files;
    if (isEdsWithResults(file)) return true;
    if (isZip(file.content) || isOle2(file.content) || !looksLikeText(file.content)) return false;
    const [first, second] = headLines(file.content, 4096).filter((line) => line.trim() !== '');
    if (!first || !SESSION_LINE.test(first)) return false;
    const names = new Set(cells(second ?? '').map((cell) => cell.toLowerCase()));
    return names.has('well') && names.has('ct');
  },
  parse: (files: RunFile[]) => parseSdsResultsText(resultsText(files[0])),
};
