import {
  allPositions,
  normalizeDyeName,
  plateTypeFor,
  type ParsedChannel,
  type ParsedRun,
  type ParsedWell,
  type RunFile,
} from '@amplio/domain';
import type { FormatParser } from '../format-parser';
import { guardRead, invalidFile } from '../common/run-file-errors';
import {
  isLc480CpTable,
  isLc480OtherResultTable,
  isLc480RawData,
  lc480RawExperimentName,
  readLc480CpTable,
  readLc480RawData,
  type Lc480CpTable,
  type Lc480RawData,
} from './lc480-files';

export const LC480_FORMAT_ID = 'roche-lc480-txt';
export const LC480_INSTRUMENT_NAME = 'LightCycler 480';

/** Dye read in a LightCycler 480 filter channel: normalizeDyeName knows 483-533 and 465-510 = SYBR; others are kept as the filter name. */
export function lc480FilterDye(filter: string): string {
  return normalizeDyeName(filter);
}

function namesOf(files: RunFile[]): string {
  return files.map((file) => file.name).join(', ') || '(no file)';
}

function sortWells(wells: Map<string, ParsedWell>): ParsedWell[] {
  const positions = [...wells.keys()];
  const order = new Map(allPositions(plateTypeFor(positions)).map((position, index) => [position, index]));
  return [...wells.values()].sort(
    (left, right) => (order.get(left.position) ?? 0) - (order.get(right.position) ?? 0),
  );
}

function cpFilter(table: Lc480CpTable, raw: Lc480RawData | null): string {
  if (table.filter) {
    if (raw && !raw.filters.includes(table.filter)) {
      throw invalidFile(
        table.fileName,
        `Cp table is for filter ${table.filter}, the raw data has ${raw.filters.join(', ')}`,
      );
    }
    return table.filter;
  }
  if (raw && raw.filters.length === 1) return raw.filters[0];
  if (!raw) return 'unknown filter';
  throw invalidFile(
    table.fileName,
    `Cp table names no filter and the raw data has several (${raw.filters.join(', ')})`,
  );
}

/**
 * One LightCycler 480 run from its "Raw Data" export and, optionally, its Cp table(s) (one per
 * filter). A Cp table alone gives a run without curves (cycleCount 0, every curve null) whose
 * instrument Cp are kept: the lab still gets the instrument's results.
 */
export function parseLightCycler480(files: RunFile[]): ParsedRun {
  if (files.length === 0) throw invalidFile('(no file)', 'no file given');
  return guardRead(namesOf(files), 'unexpected content', () => {
    const rawFiles = files.filter(isLc480RawData);
    // The run's other result tables (melt genotyping, Tm calling) come with it: accepted, not read.
    const unread = files.filter((file) => !rawFiles.includes(file) && isLc480OtherResultTable(file));
    const cpFiles = files.filter(
      (file) => !rawFiles.includes(file) && !unread.includes(file) && isLc480CpTable(file),
    );
    const others = files.filter(
      (file) => !rawFiles.includes(file) && !cpFiles.includes(file) && !unread.includes(file),
    );
    if (others.length > 0)
      throw invalidFile(namesOf(others), 'neither a LightCycler 480 Raw Data export nor a Cp table');
    if (rawFiles.length > 1)
      throw invalidFile(namesOf(rawFiles), 'several Raw Data exports given for one run');
    if (rawFiles.length === 0 && cpFiles.length === 0)
      throw invalidFile(namesOf(files), 'a melt or Tm table holds no amplification: add the Raw Data export');
    const tables = cpFiles.map(readLc480CpTable);
    // Files of different experiments are refused before the (large) raw export is read.
    const rawExperiment = rawFiles.length === 1 ? lc480RawExperimentName(rawFiles[0]) : null;
    for (const table of tables) {
      if (rawExperiment && table.experimentName && rawExperiment !== table.experimentName) {
        throw invalidFile(
          namesOf(files),
          `the Cp table is from experiment "${table.experimentName}", the raw data from "${rawExperiment}"`,
        );
      }
    }
    const raw = rawFiles.length === 1 ? readLc480RawData(rawFiles[0]) : null;

    const channels: ParsedChannel[] = [];
    const wells = new Map<string, ParsedWell>();
    const notes: string[] = unread.map(
      (file) => `${file.name}: a LightCycler 480 melt or Tm table, not read`,
    );
    const wellAt = (position: string, sampleName: string | null): ParsedWell => {
      let well = wells.get(position);
      if (!well) {
        well = { position, sampleName, sampleRole: null, channels: {} };
        wells.set(position, well);
      }
      well.sampleName ??= sampleName;
      return well;
    };
    const dyeOfFilter = new Map<string, string>();
    const addChannel = (filter: string): string => {
      const known = dyeOfFilter.get(filter);
      if (known) return known;
      let dye = lc480FilterDye(filter);
      if (channels.some((channel) => channel.dye === dye)) dye = filter;
      channels.push({ dye, originalName: filter });
      dyeOfFilter.set(filter, dye);
      return dye;
    };

    if (raw) {
      const dyes = raw.filters.map(addChannel);
      for (const [position, data] of raw.wells) {
        const well = wellAt(position, data.sampleName);
        const order = data.cycles
          .map((cycle, index) => [cycle, index] as const)
          .sort((left, right) => left[0] - right[0]);
        dyes.forEach((dye, filter) => {
          well.channels[dye] = {
            dye,
            curve: {
              kind: 'raw',
              cycles: order.map(([cycle]) => cycle),
              fluorescence: order.map(([, index]) => data.values[filter][index]),
            },
            instrumentCq: null,
            instrumentThreshold: null,
            instrumentBaseline: null,
            instrumentCall: null,
          };
        });
      }
      notes.push(
        `LightCycler 480 Raw Data: amplification program ${raw.amplificationProgram}; programs ${raw.programs
          .map((program) => `${program.program} (${program.cycles} cycle${program.cycles === 1 ? '' : 's'})`)
          .join(', ')}`,
      );
    } else {
      notes.push('LightCycler 480 Cp table without its Raw Data export: instrument Cp only, no curves');
    }

    const filtersSeen = new Set<string>();
    for (const table of tables) {
      const filter = cpFilter(table, raw);
      if (filtersSeen.has(filter))
        throw invalidFile(table.fileName, `a second Cp table for filter ${filter}`);
      filtersSeen.add(filter);
      const dye = addChannel(filter);
      for (const row of table.rows) {
        const well = wellAt(row.position, row.sampleName);
        const channel = well.channels[dye] ?? {
          dye,
          curve: null,
          instrumentCq: null,
          instrumentThreshold: null,
          instrumentBaseline: null,
          instrumentCall: null,
        };
        channel.instrumentCq = row.cp;
        channel.instrumentCall = row.status;
        well.channels[dye] = channel;
        if (!row.include) notes.push(`${row.position}: excluded in the Cp table (Include = False)`);
      }
    }

    const ordered = sortWells(wells);
    if (ordered.length === 0) throw invalidFile(namesOf(files), 'no well');
    let cycleCount = 0;
    for (const data of raw?.wells.values() ?? []) cycleCount = Math.max(cycleCount, data.cycles.length);
    return {
      format: LC480_FORMAT_ID,
      plateType: plateTypeFor(ordered.map((well) => well.position)),
      instrumentName: LC480_INSTRUMENT_NAME,
      serialNumber: null,
      runDate: null,
      cycleCount,
      channels,
      wells: ordered,
      notes: [
        ...((raw?.experimentName ?? tables[0]?.experimentName)
          ? [`experiment "${raw?.experimentName ?? tables[0]?.experimentName}"`]
          : []),
        ...(raw?.softwareVersion ? [`software ${raw.softwareVersion}`] : []),
        ...notes,
      ],
    };
  });
}

/** LightCycler 480 "Raw Data" text export, with or without its Cp table(s); or a Cp table alone. */
export const lightCycler480Parser: FormatParser = {
  id: LC480_FORMAT_ID,
  detect: (files: RunFile[]) => {
    try {
      return files.length > 0 && files.every((file) => isLc480RawData(file) || isLc480CpTable(file));
    } catch {
      return false;
    }
  },
  parse: (files: RunFile[]) => parseLightCycler480(files),
};
