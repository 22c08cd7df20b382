import type { ParsedWell, PlateType } from '@amplio/domain';
import { parseInstrumentDate } from '../common/instrument-date';
import {
  RunBuilder,
  normalizeWellPosition,
  plateTypeFromText,
  positionFromWellNumber,
} from '../common/run-builder';
import { invalidFile } from '../common/run-file-errors';
import { HeaderColumns, cellText, headerKey, locateTable, type LocatedTable } from '../common/table';
import { optionalNumber, parseLooseNumber, requireNumber } from '../common/text';
import type { CellValue } from '../common/workbook';

/**
 * The tables of one QuantStudio / 7500 / StepOne export, whatever carried them: the sheets of an
 * .xlsx/.xls workbook or the [Section] blocks of a .txt export. Both have the same columns.
 */
export interface QuantStudioSource {
  fileName: string;
  format: string;
  /** "sheet" for workbooks, "section" for text exports: used in error messages. */
  tableLabel: (name: string) => string;
  /** Tables by name as written ("Results", "Amplification Data"...). */
  tables: Map<string, CellValue[][]>;
  /** Metadata written outside the tables ("* key = value" lines of a .txt). */
  metadata: Map<string, string>;
}

export const QUANTSTUDIO_TABLES = {
  setup: ['Sample Setup'],
  results: ['Results'],
  amplification: ['Amplification Data'],
  multicomponent: ['Multicomponent Data', 'Multicomponent'],
  genotyping: ['Genotyping Result'],
  targetCall: ['Target Call'],
} as const;

const POSITION = ['Well Position'];
const WELL = ['Well'];
const TARGET = ['Target Name', 'Target'];
const SAMPLE = ['Sample Name', 'Sample'];
const CQ = ['Cq', 'CT', 'Crt', 'Cp'];
const THRESHOLD = ['Threshold', 'Ct Threshold', 'Crt Threshold', 'Cq Threshold'];
const CYCLE = ['Cycle Number', 'Cycle'];

function findTable(source: QuantStudioSource, names: readonly string[]): [string, CellValue[][]] | null {
  for (const [name, rows] of source.tables) {
    if (names.some((wanted) => headerKey(wanted) === headerKey(name))) return [name, rows];
  }
  return null;
}

interface TableContext {
  name: string;
  table: LocatedTable;
  /** 1-based row number in the source of data row `index`. */
  rowNumber: (index: number) => number;
}

class QuantStudioReader {
  private readonly builder: RunBuilder;
  private readonly metadata = new Map<string, string>();
  private readonly wellNumbers = new Map<number, string>();
  /** target (lower case) -> reporter dye as written */
  private readonly targetReporters = new Map<string, string>();
  /** "position|target" (lower case) -> reporter */
  private readonly wellTargetReporters = new Map<string, string>();
  /** position -> reporters of allele 1 and 2 (genotyping experiments of the classic software) */
  private readonly alleleReporters = new Map<string, [string, string]>();
  private declaredPlate: PlateType | null = null;

  constructor(private readonly source: QuantStudioSource) {
    this.builder = new RunBuilder(source.fileName, source.format);
    for (const [key, value] of source.metadata) this.metadata.set(headerKey(key), value);
  }

  private fail(what: string): never {
    throw invalidFile(this.source.fileName, what);
  }

  private locate(names: readonly string[], required: string[][]): TableContext | null {
    const found = findTable(this.source, names);
    if (!found) return null;
    const [name, rows] = found;
    const table = locateTable(rows, required);
    if (!table) {
      const wanted = required.map((aliases) => aliases[0]).join(', ');
      this.fail(`${this.source.tableLabel(name)}: header row with ${wanted} not found`);
    }
    for (const [key, value] of table.metadata) if (!this.metadata.has(key)) this.metadata.set(key, value);
    return { name, table, rowNumber: (index) => table.headerIndex + 2 + index };
  }

  /** Position of a row: "Well Position", else "Well" written as a position, else the well number. */
  private position(context: TableContext, row: CellValue[], index: number): string {
    const { header } = context.table;
    const positionColumn = header.find(...POSITION);
    const wellColumn = header.find(...WELL);
    const positionText = positionColumn >= 0 ? cellText(row[positionColumn]) : '';
    const wellText = wellColumn >= 0 ? cellText(row[wellColumn]) : '';
    if (positionText) {
      const wellNumber = parseLooseNumber(wellText);
      const position = normalizeWellPosition(this.source.fileName, positionText, this.declaredPlate);
      if (typeof wellNumber === 'number') this.wellNumbers.set(wellNumber, position);
      return position;
    }
    if (/^[A-Za-z]/.test(wellText))
      return normalizeWellPosition(this.source.fileName, wellText, this.declaredPlate);
    const wellNumber = requireNumber(
      this.source.fileName,
      wellText,
      `${this.source.tableLabel(context.name)}: well column at row ${context.rowNumber(index)}`,
    );
    const known = this.wellNumbers.get(wellNumber);
    if (known) return known;
    return positionFromWellNumber(this.source.fileName, wellNumber, this.declaredPlate ?? 'RECTANGULAR_96');
  }

  private describeWell(well: ParsedWell, header: HeaderColumns, row: CellValue[]): void {
    const sampleColumn = header.find(...SAMPLE);
    const taskColumn = header.find('Task');
    const sample = sampleColumn >= 0 ? cellText(row[sampleColumn]) : '';
    const task = taskColumn >= 0 ? cellText(row[taskColumn]) : '';
    if (sample && well.sampleName === null) well.sampleName = sample;
    if (task && well.sampleRole === null) well.sampleRole = task;
  }

  /** Sample Setup and Results rows: wells, samples, roles, target -> reporter. */
  private readLayout(context: TableContext): void {
    const { header, rows } = context.table;
    const targetColumn = header.find(...TARGET);
    const reporterColumn = header.find('Reporter');
    const assayColumn = header.find('SNP Assay Name', 'SNP Assay');
    const allele = [1, 2].map((number) => ({
      name: header.find(`Allele${number} Name`),
      reporter: header.find(`Allele${number} Reporter`),
    }));
    const sampleColumn = header.find(...SAMPLE);
    rows.forEach((row, index) => {
      const target = targetColumn >= 0 ? cellText(row[targetColumn]) : '';
      const reporter = reporterColumn >= 0 ? cellText(row[reporterColumn]) : '';
      const sample = sampleColumn >= 0 ? cellText(row[sampleColumn]) : '';
      const assay = assayColumn >= 0 ? cellText(row[assayColumn]) : '';
      // An empty well: listed by the setup, nothing loaded.
      if (!target && !reporter && !sample && !assay) return;
      const well = this.builder.well(this.position(context, row, index));
      this.describeWell(well, header, row);
      if (reporter) {
        this.builder.wellChannel(well, reporter);
        if (target) {
          this.wellTargetReporters.set(`${well.position}|${target.toLowerCase()}`, reporter);
          if (!this.targetReporters.has(target.toLowerCase()))
            this.targetReporters.set(target.toLowerCase(), reporter);
        }
      }
      if (allele[0].reporter >= 0 && allele[1].reporter >= 0) {
        const reporters = allele.map(({ reporter: column }) => cellText(row[column])) as [string, string];
        if (reporters[0] && reporters[1]) {
          this.alleleReporters.set(well.position, reporters);
          allele.forEach(({ name }, alleleIndex) => {
            this.builder.wellChannel(well, reporters[alleleIndex]);
            const alleleName = name >= 0 ? cellText(row[name]) : '';
            if (assay && alleleName) {
              const target = `${assay}-${alleleName}`.toLowerCase();
              this.wellTargetReporters.set(`${well.position}|${target}`, reporters[alleleIndex]);
              if (!this.targetReporters.has(target)) this.targetReporters.set(target, reporters[alleleIndex]);
            }
          });
        }
      }
    });
  }

  private reporterOf(position: string, target: string): string | null {
    const key = target.toLowerCase();
    return this.wellTargetReporters.get(`${position}|${key}`) ?? this.targetReporters.get(key) ?? null;
  }

  private numberAt(
    context: TableContext,
    row: CellValue[],
    column: number,
    label: string,
    index: number,
  ): number | null {
    if (column < 0) return null;
    return optionalNumber(
      this.source.fileName,
      row[column],
      `${this.source.tableLabel(context.name)}: ${label} column at row ${context.rowNumber(index)}`,
    );
  }

  /** Results rows: the instrument's Cq, threshold, baseline and call per well and reporter. */
  private readResults(context: TableContext): void {
    const { header, rows } = context.table;
    const targetColumn = header.find(...TARGET);
    const reporterColumn = header.find('Reporter');
    const callColumn = header.find('Call');
    const genotyping = header.has('Allele1 Ct') && header.has('Allele2 Ct');
    rows.forEach((row, index) => {
      const position = this.position(context, row, index);
      const call = callColumn >= 0 ? cellText(row[callColumn]) || null : null;
      if (genotyping) {
        const well = this.builder.well(position);
        const reporters = this.alleleReporters.get(position);
        if (!reporters)
          this.fail(`${this.source.tableLabel(context.name)}: no allele reporters for well ${position}`);
        [1, 2].forEach((allele, alleleIndex) => {
          const entry = this.builder.wellChannel(well, reporters[alleleIndex]);
          entry.instrumentCq = this.numberAt(
            context,
            row,
            header.find(`Allele${allele} Ct`),
            `Allele${allele} Ct`,
            index,
          );
          entry.instrumentThreshold = this.numberAt(
            context,
            row,
            header.find(`Allele${allele} Ct Threshold`),
            `Allele${allele} Ct Threshold`,
            index,
          );
          const start = this.numberAt(
            context,
            row,
            header.find(`Allele${allele} Baseline Start`),
            'baseline start',
            index,
          );
          const end = this.numberAt(
            context,
            row,
            header.find(`Allele${allele} Baseline End`),
            'baseline end',
            index,
          );
          entry.instrumentBaseline = start !== null && end !== null ? { start, end } : null;
          entry.instrumentCall = call;
        });
        return;
      }
      const target = targetColumn >= 0 ? cellText(row[targetColumn]) : '';
      const reporter =
        (reporterColumn >= 0 ? cellText(row[reporterColumn]) : '') || this.reporterOf(position, target);
      if (!reporter) return;
      const entry = this.builder.wellChannel(this.builder.well(position), reporter);
      entry.instrumentCq = this.numberAt(context, row, header.find(...CQ), 'Cq', index);
      entry.instrumentThreshold = this.numberAt(context, row, header.find(...THRESHOLD), 'threshold', index);
      const start = this.numberAt(context, row, header.find('Baseline Start'), 'baseline start', index);
      const end = this.numberAt(context, row, header.find('Baseline End'), 'baseline end', index);
      entry.instrumentBaseline = start !== null && end !== null ? { start, end } : null;
      if (call) entry.instrumentCall = call;
    });
  }

  /** Genotyping Result (one call per well) and Target Call (one call per well and target) sheets. */
  private readCalls(): void {
    const genotyping = this.locate(QUANTSTUDIO_TABLES.genotyping, [WELL, ['Call']]);
    if (genotyping) {
      const { header, rows } = genotyping.table;
      const callColumn = header.find('Call');
      rows.forEach((row, index) => {
        const call = cellText(row[callColumn]);
        if (!call) return;
        const well = this.builder.well(this.position(genotyping, row, index));
        for (const entry of Object.values(well.channels)) entry.instrumentCall = call;
      });
    }
    const targetCall = this.locate(QUANTSTUDIO_TABLES.targetCall, [WELL, TARGET, ['Call']]);
    if (targetCall) {
      const { header, rows } = targetCall.table;
      const callColumn = header.find('Call');
      const targetColumn = header.find(...TARGET);
      rows.forEach((row, index) => {
        const call = cellText(row[callColumn]);
        const position = this.position(targetCall, row, index);
        const reporter = this.reporterOf(position, cellText(row[targetColumn]));
        if (!call || !reporter) return;
        this.builder.wellChannel(this.builder.well(position), reporter).instrumentCall = call;
      });
    }
  }

  /** Amplification Data: one row per well, target and cycle; dRn (baseline-corrected) else Rn. */
  private readAmplification(context: TableContext): void {
    const { header, rows } = context.table;
    const label = this.source.tableLabel(context.name);
    const cycleColumn = header.find(...CYCLE);
    const targetColumn = header.find(...TARGET);
    const deltaColumn = header.find('dRn', 'Delta Rn', 'ΔRn');
    const rnColumn = header.find('Rn');
    const valueColumn = deltaColumn >= 0 ? deltaColumn : rnColumn;
    if (valueColumn < 0) this.fail(`${label}: no Rn or dRn column`);
    const kind = deltaColumn >= 0 ? 'baseline-corrected' : 'raw';
    rows.forEach((row, index) => {
      const rowNumber = context.rowNumber(index);
      const target = cellText(row[targetColumn]);
      // Wells without a target are exported with empty target and values: nothing to read.
      if (!target && cellText(row[valueColumn]) === '') return;
      const position = this.position(context, row, index);
      const reporter = this.reporterOf(position, target);
      if (!reporter)
        this.fail(`${label}: target "${target.slice(0, 40)}" at row ${rowNumber} has no reporter dye`);
      const cycle = requireNumber(
        this.source.fileName,
        row[cycleColumn],
        `${label}: cycle column at row ${rowNumber}`,
      );
      const value = requireNumber(
        this.source.fileName,
        row[valueColumn],
        `${label}: fluorescence at row ${rowNumber}`,
      );
      this.builder.addPoint(this.builder.well(position), reporter, kind, cycle, value);
    });
  }

  /** Multicomponent Data (raw dye signals), used when there is no Amplification Data (7500 .xls). */
  private readMulticomponent(context: TableContext): void {
    const { header, rows } = context.table;
    const label = this.source.tableLabel(context.name);
    const cycleColumn = header.find(...CYCLE);
    const stageColumn = header.find('Stage Number');
    const skip = new Set(['well', 'well position', 'cycle', 'cycle number', 'stage number', 'step number']);
    const dyeColumns = header.names
      .map((name, column) => ({ name, column }))
      .filter(({ name }) => name !== '' && !skip.has(headerKey(name)));
    const reporters = new Set<string>();
    for (const reporter of this.targetReporters.values()) reporters.add(reporter.toLowerCase());
    const wanted =
      reporters.size > 0 ? dyeColumns.filter(({ name }) => reporters.has(name.toLowerCase())) : dyeColumns;
    if (wanted.length === 0) this.fail(`${label}: no reporter dye column`);
    let lastStage: number | null = null;
    rows.forEach((row) => {
      if (stageColumn >= 0) lastStage = Math.max(lastStage ?? 0, parseLooseNumber(row[stageColumn]) ?? 0);
    });
    rows.forEach((row, index) => {
      const rowNumber = context.rowNumber(index);
      if (stageColumn >= 0 && lastStage !== null && (parseLooseNumber(row[stageColumn]) ?? 0) !== lastStage)
        return;
      const position = this.position(context, row, index);
      // Only wells the setup loaded (the export lists every well of the block).
      if (this.builder.wellCount > 0 && !this.builder.hasWell(position)) return;
      const well = this.builder.well(position);
      const cycle = requireNumber(
        this.source.fileName,
        row[cycleColumn],
        `${label}: cycle column at row ${rowNumber}`,
      );
      for (const { name, column } of wanted) {
        const value = optionalNumber(
          this.source.fileName,
          row[column],
          `${label}: ${name} at row ${rowNumber}`,
        );
        if (value !== null) this.builder.addPoint(well, name, 'raw', cycle, value);
      }
    });
  }

  read() {
    const layoutRequired = [POSITION.concat(WELL)];
    const setup = this.locate(QUANTSTUDIO_TABLES.setup, layoutRequired);
    const results = this.locate(QUANTSTUDIO_TABLES.results, layoutRequired);
    if (!setup && !results) this.fail(`${this.source.tableLabel('Results')} missing`);
    const amplification = this.locate(QUANTSTUDIO_TABLES.amplification, [WELL, CYCLE, TARGET]);
    const multicomponent = amplification
      ? null
      : this.locate(QUANTSTUDIO_TABLES.multicomponent, [WELL, CYCLE]);
    if (!amplification && !multicomponent)
      this.fail(`${this.source.tableLabel('Amplification Data')} missing`);

    this.declaredPlate = plateTypeFromText(this.metadata.get('block type'));
    this.builder.declaredPlate = this.declaredPlate;
    if (setup) this.readLayout(setup);
    if (results) {
      this.readLayout(results);
      this.readResults(results);
    }
    this.readCalls();
    if (amplification) this.readAmplification(amplification);
    if (multicomponent) this.readMulticomponent(multicomponent);

    const meta = (key: string): string | null => this.metadata.get(key) || null;
    this.builder.instrumentName = meta('instrument name') ?? meta('instrument type');
    this.builder.serialNumber = meta('instrument serial number');
    this.builder.runDate = parseInstrumentDate(
      meta('run start date/time') ??
        meta('experiment run end time') ??
        meta('run end date/time') ??
        meta('run end data/time'),
    );
    const type = meta('instrument type');
    if (type) this.builder.notes.push(`Instrument type: ${type}`);
    const method = meta('quantification cycle method');
    if (method) this.builder.notes.push(`Quantification cycle method: ${method}`);
    return this.builder.build();
  }
}

export function readQuantStudioTables(source: QuantStudioSource) {
  return new QuantStudioReader(source).read();
}
