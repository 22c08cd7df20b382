import type { ParsedChannel, ParsedRun, ParsedWell, RunFile } from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { MAX_CYCLES, MAX_FILE_BYTES } from '../common/limits';
import { corruptedFile, guardRead, invalidFile } from '../common/run-file-errors';
import { decodeText } from '../common/text';
import {
  childOf,
  childrenOf,
  childText,
  parseXmlTree,
  sniffRootElement,
  textOf,
  type XmlElement,
} from '../rdml/xml-tree';
import { rotorChannelDye, rotorPlateType, rotorTubeToPosition } from './rotor-positions';

export const ROTOR_GENE_FORMAT_ID = 'qiagen-rotorgene-rex';

/**
 * Qiagen Rotor-Gene Q run file (.rex): XML, root <Experiment> with <RexHeader>REX 3.x</RexHeader>.
 * Read as in qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex:
 *   Samples/Page/Sample: ID, Name, Type (a numeric code, kept as written), TubePosition
 *   RawChannels/RawChannel: Name ("Cycling A.Green", "HRM A.HRM"), StartX, StepX, XAxisLabel
 *     ("Cycle" for amplification, "ºC" for melt/HRM), then one <Reading> per tube, in tube order,
 *     holding that tube's values separated by spaces
 *   Record/Field: "Machine Serial No", "Machine Version" ("Rotor-Gene Q, Firmware ...")
 *   StartTime: ISO date-time of the run
 * The file holds raw fluorescence only: no Ct, no threshold (the analysis settings are there,
 * not its results), so every instrumentCq is null.
 */
export function looksLikeRex(file: RunFile): boolean {
  try {
    const head = decodeText(file.content.subarray(0, Math.min(file.content.length, 2048)));
    return sniffRootElement(head) === 'Experiment' && /<RexHeader>\s*REX\b/i.test(head);
  } catch {
    return false;
  }
}

function recordField(root: XmlElement, name: string): string | null {
  for (const field of childrenOf(childOf(root, 'Record'), 'Field')) {
    if (textOf(childOf(field, 'Name')).toLowerCase() === name.toLowerCase()) return childText(field, 'Value');
  }
  return null;
}

function isAmplificationChannel(channel: XmlElement): boolean {
  const name = textOf(childOf(channel, 'Name'));
  const axis = textOf(childOf(channel, 'XAxisLabel'));
  if (axis !== '') return /^cycle/i.test(axis);
  return /^cycling/i.test(name);
}

function finiteNumber(fileName: string, text: string, where: string): number {
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value))
    throw invalidFile(fileName, `${where}: "${text.slice(0, 30)}" is not a number`);
  return value;
}

export function parseRotorGene(files: RunFile[]): ParsedRun {
  if (files.length !== 1) {
    throw invalidFile(
      files.map((file) => file.name).join(', ') || '(no file)',
      `a Rotor-Gene run is one .rex file, ${files.length} given`,
    );
  }
  const file = files[0];
  return guardRead(file.name, 'unexpected content', () => {
    if (file.content.length === 0) throw invalidFile(file.name, 'empty file');
    if (file.content.length > MAX_FILE_BYTES)
      throw corruptedFile(file.name, `file larger than ${MAX_FILE_BYTES} bytes`);
    const root = parseXmlTree(file.name, decodeText(file.content));
    if (root.name !== 'Experiment' || !childOf(root, 'RexHeader')) {
      throw invalidFile(file.name, 'not a Rotor-Gene run file (no <Experiment> root with a <RexHeader>)');
    }
    const samples = new Map<number, { name: string | null; type: string | null }>();
    const pages = childrenOf(childOf(root, 'Samples'), 'Page');
    for (const sample of childrenOf(pages[0], 'Sample')) {
      const tube = Number(textOf(childOf(sample, 'TubePosition')));
      if (!Number.isInteger(tube) || tube < 1) continue;
      samples.set(tube, { name: childText(sample, 'Name'), type: childText(sample, 'Type') });
    }

    const amplification = childrenOf(childOf(root, 'RawChannels'), 'RawChannel').filter(
      isAmplificationChannel,
    );
    if (amplification.length === 0)
      throw invalidFile(file.name, 'no amplification (Cycling) channel in RawChannels');
    const channels: ParsedChannel[] = [];
    const readings: Array<{ dye: string; start: number; step: number; tubes: number[][] }> = [];
    let cycleCount = 0;
    let tubeCount = 0;
    for (const channel of amplification) {
      const name = textOf(childOf(channel, 'Name'));
      let dye = rotorChannelDye(name);
      if (channels.some((existing) => existing.dye === dye)) dye = name.toUpperCase();
      if (channels.some((existing) => existing.dye === dye)) continue;
      const startText = childText(channel, 'StartX');
      const stepText = childText(channel, 'StepX');
      const start = startText === null ? 1 : finiteNumber(file.name, startText, `${name} StartX`);
      const step = stepText === null ? 1 : finiteNumber(file.name, stepText, `${name} StepX`);
      const tubes = childrenOf(channel, 'Reading').map((reading, index) => {
        const text = textOf(reading);
        const values =
          text === ''
            ? []
            : text
                .split(/\s+/)
                .map((value, cycle) =>
                  finiteNumber(file.name, value, `${name} tube ${index + 1} reading ${cycle + 1}`),
                );
        if (values.length > MAX_CYCLES)
          throw invalidFile(file.name, `${name} tube ${index + 1}: more than ${MAX_CYCLES} readings`);
        return values;
      });
      if (tubes.length > 384)
        throw invalidFile(file.name, `${name}: ${tubes.length} tubes, more than a 384-well plate holds`);
      tubeCount = Math.max(tubeCount, tubes.length);
      for (const values of tubes) cycleCount = Math.max(cycleCount, values.length);
      channels.push({ dye, originalName: name });
      readings.push({ dye, start, step, tubes });
    }
    for (const tube of samples.keys()) if (tube <= 384) tubeCount = Math.max(tubeCount, tube);
    if (tubeCount === 0) throw invalidFile(file.name, 'no tube readings');

    const plateType = rotorPlateType(tubeCount);
    const wells: ParsedWell[] = [];
    for (let tube = 1; tube <= tubeCount; tube += 1) {
      const sample = samples.get(tube);
      const well: ParsedWell = {
        position: rotorTubeToPosition(tube, tubeCount),
        sampleName: sample?.name ?? null,
        sampleRole: sample?.type ?? null,
        channels: {},
      };
      for (const channel of readings) {
        const values = channel.tubes[tube - 1];
        well.channels[channel.dye] = {
          dye: channel.dye,
          curve:
            values && values.length > 0
              ? {
                  kind: 'raw',
                  cycles: values.map((_, index) => channel.start + index * channel.step),
                  fluorescence: values,
                }
              : null,
          instrumentCq: null,
          instrumentThreshold: null,
          instrumentBaseline: null,
          instrumentCall: null,
        };
      }
      wells.push(well);
    }
    const machine = recordField(root, 'Machine Version');
    const startTime = childText(root, 'StartTime');
    return {
      format: ROTOR_GENE_FORMAT_ID,
      plateType,
      instrumentName: machine ? machine.split(',')[0].trim() : 'Rotor-Gene',
      serialNumber: recordField(root, 'Machine Serial No'),
      runDate: startTime && !Number.isNaN(Date.parse(startTime)) ? startTime : null,
      cycleCount,
      channels,
      wells,
      notes: [
        `${childText(root, 'RexHeader') ?? 'REX'}: ${tubeCount} tubes laid row by row on a ${plateType === 'RECTANGULAR_96' ? '96' : '384'}-well plate (tube 1 = A1, tube 13 = ${rotorTubeToPosition(Math.min(13, tubeCount), tubeCount)})`,
        ...(pages.length > 1 ? [`${pages.length} sample pages: names and types read from the first`] : []),
      ],
    };
  });
}

/** Qiagen Rotor-Gene Q .rex run file. */
export const rotorGeneParser: FormatParser = {
  id: ROTOR_GENE_FORMAT_ID,
  detect: (files: RunFile[]) => files.length === 1 && looksLikeRex(files[0]),
  parse: (files: RunFile[]) => parseRotorGene(files),
};
