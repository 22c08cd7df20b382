import type { ParsedRun, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile } from '../common/run-file-errors';
import { looksLikeText } from '../common/sniff';
import { decodeText, headLines, parseDelimitedLines, splitLines } from '../common/text';
import type { CellValue } from '../common/workbook';
import { readQuantStudioTables } from './quantstudio-tables';

// A text export re-saved as CSV ends its header and section lines with commas ("[Results],,,,").
const HEADER_LINE = /^\*\s*(.+?)\s*=\s*(.*?)[,\s]*$/;
const SECTION_LINE = /^\[(.+)\][,\s]*$/;

/**
 * QuantStudio Real-Time PCR software / 7500 / StepOne text export: "* key = value" header lines,
 * then tab-separated [Sample Setup], [Raw Data], [Amplification Data], [Multicomponent Data],
 * [Results] sections; numbers with thousands separators; "Undetermined" for no Cq. The same export
 * re-saved as CSV (7500 software v2: commas, quoted cells, trailing commas) is read too.
 */
export const quantStudioTextParser: FormatParser = {
  id: 'thermo-quantstudio-txt',
  detect(files: RunFile[]): boolean {
    if (files.length !== 1 || !looksLikeText(files[0].content)) return false;
    const lines = headLines(files[0].content, 8192, 5).filter((line) => line.trim() !== '');
    return lines.length > 0 && HEADER_LINE.test(lines[0]) && lines[0].startsWith('*');
  },
  parse(files: RunFile[]): ParsedRun {
    const [file] = files;
    if (file.content.length > MAX_FILE_BYTES)
      throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
    const lines = splitLines(file.name, decodeText(file.content));
    const metadata = new Map<string, string>();
    const sectionLines = new Map<string, string[]>();
    let current: string[] | null = null;
    for (const line of lines) {
      const section = SECTION_LINE.exec(line);
      if (section) {
        current = [];
        sectionLines.set(section[1].trim(), current);
        continue;
      }
      if (current) {
        current.push(line);
        continue;
      }
      const header = HEADER_LINE.exec(line);
      if (header) metadata.set(header[1], header[2]);
    }
    const tables = new Map<string, CellValue[][]>();
    // Tab-separated as exported; comma-separated when re-saved as CSV (7500 software v2).
    for (const [name, body] of sectionLines) {
      const header = body.find((line) => line.trim() !== '') ?? '';
      const delimiter = header.includes('\t') || !header.includes(',') ? '\t' : ',';
      tables.set(name, parseDelimitedLines(file.name, body, delimiter));
    }
    return readQuantStudioTables({
      fileName: file.name,
      format: 'thermo-quantstudio-txt',
      tableLabel: (name) => `section [${name}]`,
      tables,
      metadata,
    });
  },
};
