import type { RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { guardRead, invalidFile } from '../common/run-file-errors';
import { readLc96Calls } from './lc96-calls';
import { looksLikeRdml, readRdmlDocuments } from './rdml-archive';
import { RDML_FORMAT_ID, readRdmlRuns, type RdmlParsedRun } from './rdml-reader';
import { parseXmlTree } from './xml-tree';

function singleFile(files: RunFile[]): RunFile {
  if (files.length !== 1) {
    throw invalidFile(
      files.map((file) => file.name).join(', ') || '(no file)',
      `an RDML run is one file, ${files.length} given`,
    );
  }
  return files[0];
}

/**
 * Every plate of an RDML file (see readRdmlRuns for how RDML runs are grouped into plates).
 * Throws only RunFileError.
 */
export function parseAllRdmlRuns(files: RunFile[]): RdmlParsedRun[] {
  const file = singleFile(files);
  return guardRead(file.name, 'unexpected content', () => {
    const documents = readRdmlDocuments(file);
    const label = documents.entryName ? `${file.name} (${documents.entryName})` : file.name;
    const root = parseXmlTree(label, documents.rdmlXml, { skip: ['mdp'] });
    const calls = documents.calculatedDataXml ? readLc96Calls(file.name, documents.calculatedDataXml) : null;
    return readRdmlRuns(label, root, calls);
  });
}

/** The first plate of an RDML file. */
export function parseRdml(files: RunFile[]): RdmlParsedRun {
  return parseAllRdmlRuns(files)[0];
}

/** RDML 1.0 to 1.4, as a .rdml zip (whatever its XML entry is called) or a plain XML file. */
export const rdmlParser: FormatParser = {
  id: RDML_FORMAT_ID,
  detect: (files: RunFile[]) => files.length === 1 && looksLikeRdml(files[0]),
  parse: (files: RunFile[]) => parseRdml(files),
};
