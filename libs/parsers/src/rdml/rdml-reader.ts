import {
  allPositions,
  normalizeDyeName,
  plateTypeFor,
  PLATE_DIMENSIONS,
  type CurveKind,
  type ParsedChannel,
  type ParsedWell,
  type PlateType,
} from '@amplio/domain';
import { MAX_CYCLES } from '../common/limits';
import { invalidFile } from '../common/run-file-errors';
import { lc96CallKey, type Lc96Calls } from './lc96-calls';
import { childOf, childrenOf, childText, textOf, type XmlElement } from './xml-tree';

import {
  RDML_FORMAT_ID,
  curveKindOf,
  instrumentOf,
  plateTypeOfLayout,
  positionOfReact,
  readContext,
  readLayout,
  requireFinite,
  strictNumber,
  type RdmlContext,
  type RdmlParsedRun,
  type RdmlWellChannel,
  type RunPart,
} from './rdml-context';

export { RDML_FORMAT_ID, type RdmlParsedRun, type RdmlWellChannel } from './rdml-context';

interface DataRead {
  dye: string;
  originalDye: string;
  channel: RdmlWellChannel;
  cycles: number;
}

function readData(
  context: RdmlContext,
  experimentId: string,
  runId: string,
  reactId: string,
  data: XmlElement,
  kind: CurveKind,
): DataRead {
  const targetId = childOf(data, 'tar')?.attributes.id ?? (textOf(childOf(data, 'tar')) || null);
  if (!targetId) throw invalidFile(context.fileName, `react ${reactId}: data without a target (tar)`);
  const originalDye = context.dyeOfTarget.get(targetId) ?? targetId;
  const dye = normalizeDyeName(originalDye);
  const where = `react ${reactId} target ${targetId}`;
  const points: Array<[number, number]> = [];
  for (const adp of data.children) {
    if (adp.name !== 'adp') continue;
    const cycle = requireFinite(context, textOf(childOf(adp, 'cyc')), `${where}: adp cyc`);
    const fluor = requireFinite(
      context,
      textOf(childOf(adp, 'fluor')),
      `${where}: adp fluor at cycle ${cycle}`,
    );
    points.push([cycle, fluor]);
    if (points.length > MAX_CYCLES)
      throw invalidFile(context.fileName, `${where}: more than ${MAX_CYCLES} amplification points`);
  }
  points.sort((left, right) => left[0] - right[0]);
  const lastCycle = points.length > 0 ? points[points.length - 1][0] : null;
  let cq = strictNumber(childText(data, 'cq'));
  let call: string | null = null;
  // RDML: cq -1 means "not available". StepOne writes an undetermined well as cq = the last cycle
  // (40.0 of 40): a Cq at or beyond the last cycle read is no crossing, so it is reported as null.
  if (cq !== null && (!Number.isFinite(cq) || cq < 0)) cq = null;
  if (cq !== null && lastCycle !== null && cq >= lastCycle) {
    cq = null;
    call = 'Undetermined';
  }
  const rocheCall = context.calls?.get(lc96CallKey(experimentId, runId, reactId, targetId));
  if (rocheCall !== undefined) {
    call = rocheCall;
    // LightCycler 96 writes a cq for negative wells too: only Roche's Positive call keeps it.
    if (!/^positive$/i.test(rocheCall)) cq = null;
  }
  const endPoint = strictNumber(childText(data, 'endPt'));
  const threshold = strictNumber(childText(data, 'quantFluor'));
  const channel: RdmlWellChannel = {
    dye,
    curve:
      points.length > 0
        ? { kind, cycles: points.map((point) => point[0]), fluorescence: points.map((point) => point[1]) }
        : null,
    instrumentCq: cq,
    instrumentThreshold: threshold !== null && Number.isFinite(threshold) ? threshold : null,
    instrumentBaseline: null,
    instrumentCall: call,
    target: targetId,
    endPoint: endPoint !== null && Number.isFinite(endPoint) ? endPoint : null,
  };
  return { dye, originalDye, channel, cycles: points.length };
}

function readRun(context: RdmlContext, experimentId: string, run: XmlElement): RunPart {
  const runId = run.attributes.id ?? '';
  let layout = readLayout(context, run);
  const reacts = childrenOf(run, 'react');
  const notes: string[] = [];
  let plateType: PlateType;
  if (layout) plateType = plateTypeOfLayout(layout);
  else {
    const written = reacts.map((react) => react.attributes.id ?? '');
    const numeric = written.filter((id) => /^\d+$/.test(id)).map(Number);
    if (numeric.length > 0) {
      // No pcrFormat grid (RDML 1.0 "free format"): numeric ids are laid row by row on the
      // smallest plate that holds the highest id.
      const highest = Math.max(...numeric);
      plateType = highest <= 96 ? 'RECTANGULAR_96' : 'RECTANGULAR_384';
      layout = { ...PLATE_DIMENSIONS[plateType], declared: false };
      notes.push(
        `run ${runId}: no pcrFormat, numeric react ids laid row by row on a ${highest <= 96 ? 96 : 384}-well plate`,
      );
    } else plateType = plateTypeFor(written);
  }
  const kind = curveKindOf(run);
  const instrument = instrumentOf(run);
  const channels = new Map<string, ParsedChannel>();
  const wells = new Map<string, ParsedWell>();
  let cycleCount = 0;
  for (const react of reacts) {
    const reactId = react.attributes.id;
    if (!reactId) throw invalidFile(context.fileName, `run ${runId}: react without an id`);
    const position = positionOfReact(context, reactId, layout, plateType);
    const sampleId = childOf(react, 'sample')?.attributes.id ?? null;
    const sample = sampleId ? context.samples.get(sampleId) : undefined;
    let well = wells.get(position);
    if (!well) {
      well = {
        position,
        sampleName: sample ? sample.name : sampleId,
        sampleRole: sample?.role ?? null,
        channels: {},
      };
      wells.set(position, well);
    }
    for (const data of childrenOf(react, 'data')) {
      const read = readData(context, experimentId, runId, reactId, data, kind);
      if (well.channels[read.dye]) {
        notes.push(
          `react ${reactId}: second data for dye ${read.dye} (target ${read.channel.target}) ignored`,
        );
        continue;
      }
      well.channels[read.dye] = read.channel;
      if (!channels.has(read.dye)) channels.set(read.dye, { dye: read.dye, originalName: read.originalDye });
      cycleCount = Math.max(cycleCount, read.cycles);
      const excluded = childText(data, 'excl');
      if (excluded) notes.push(`${position} ${read.dye}: excluded in the file (${excluded})`);
    }
  }
  const runDate = childText(run, 'runDate');
  return {
    experimentId,
    runId,
    layout: layout ?? { ...PLATE_DIMENSIONS[plateType], declared: false },
    plateType,
    instrumentName: instrument.name,
    serialNumber: instrument.serial,
    runDate: runDate && !Number.isNaN(Date.parse(runDate)) ? runDate : null,
    channels: [...channels.values()],
    wells,
    cycleCount,
    notes,
  };
}

function canMerge(group: RunPart, part: RunPart): boolean {
  if (group.experimentId !== part.experimentId) return false;
  if (group.plateType !== part.plateType) return false;
  if (group.layout.rows !== part.layout.rows || group.layout.columns !== part.layout.columns) return false;
  const groupDyes = new Set(group.channels.map((channel) => channel.dye));
  return part.channels.every((channel) => !groupDyes.has(channel.dye));
}

function merge(group: RunPart, part: RunPart, runIds: string[]): void {
  for (const [position, well] of part.wells) {
    const existing = group.wells.get(position);
    if (!existing) group.wells.set(position, well);
    else {
      Object.assign(existing.channels, well.channels);
      existing.sampleName ??= well.sampleName;
      existing.sampleRole ??= well.sampleRole;
    }
  }
  group.channels.push(...part.channels);
  group.cycleCount = Math.max(group.cycleCount, part.cycleCount);
  group.instrumentName ??= part.instrumentName;
  group.serialNumber ??= part.serialNumber;
  group.runDate ??= part.runDate;
  group.notes.push(...part.notes);
  runIds.push(part.runId);
}

function orderWells(wells: Map<string, ParsedWell>, plateType: PlateType): ParsedWell[] {
  const order = new Map(allPositions(plateType).map((position, index) => [position, index]));
  return [...wells.values()].sort(
    (left, right) => (order.get(left.position) ?? 0) - (order.get(right.position) ?? 0),
  );
}

/**
 * Every plate of an RDML document, in file order. Runs of one experiment that share the plate
 * layout and use different dyes are one plate (Bio-Rad CFX writes "Amp Step 3_FAM" and
 * "Amp Step 3_Cy5" as two runs); runs that reuse a dye on the same positions are separate plates
 * (the Vermeulen set: one run per gene).
 */
export function readRdmlRuns(fileName: string, root: XmlElement, calls: Lc96Calls | null): RdmlParsedRun[] {
  if (root.name !== 'rdml') throw invalidFile(fileName, `root element is <${root.name}>, not <rdml>`);
  const context = readContext(fileName, root, calls);
  const groups: Array<{ part: RunPart; runIds: string[] }> = [];
  for (const experiment of childrenOf(root, 'experiment')) {
    const experimentId = experiment.attributes.id ?? '';
    for (const run of childrenOf(experiment, 'run')) {
      const part = readRun(context, experimentId, run);
      const last = groups[groups.length - 1];
      if (last && canMerge(last.part, part)) merge(last.part, part, last.runIds);
      else groups.push({ part, runIds: [part.runId] });
    }
  }
  if (groups.length === 0) throw invalidFile(fileName, 'RDML holds no experiment with a run');
  return groups.map(({ part, runIds }) => {
    const wells = orderWells(part.wells, part.plateType);
    if (wells.length === 0) throw invalidFile(fileName, `run ${runIds.join(', ')} holds no react`);
    return {
      format: RDML_FORMAT_ID,
      plateType: part.plateType,
      instrumentName: part.instrumentName,
      serialNumber: part.serialNumber,
      runDate: part.runDate,
      cycleCount: part.cycleCount,
      channels: part.channels,
      wells,
      notes: [
        `RDML ${context.version ?? '?'}, experiment "${part.experimentId}", run ${runIds.map((id) => `"${id}"`).join(', ')}`,
        ...part.notes,
      ],
      rdmlVersion: context.version,
      experimentId: part.experimentId,
      runIds,
    };
  });
}
