import type { ParsedWell, PlateType } from '@amplio/domain';
import { parseInstrumentDate } from '../common/instrument-date';
import {
  RunBuilder,
  normalizeWellPosition,
  plateTypeFromText,
  positionFromWellNumber,
} from '../common/run-builder';
import { invalidFile } from '../common/run-file-errors';
import { cellText, headerKey, type HeaderColumns } from '../common/table';
import { optionalNumber, parseLooseNumber, requireNumber } from '../common/text';
import type { CellValue } from '../common/workbook';
import {
  CALL,
  CQ,
  LAYOUT_REQUIRED,
  POSITION,
  QUANTSTUDIO_TABLES,
  REPORTER,
  SAMPLE,
  TARGET,
  THRESHOLD,
  WELL,
  WELL_OR_POSITION,
  CYCLE,
  locateQuantStudioTable,
  type QuantStudioSource,
  type TableContext,
} from './quantstudio-columns';
import { readCalls } from './quantstudio-calls';
import { readAmplification, readMulticomponent, type QuantStudioWells } from './quantstudio-curves';

/** QuantStudio 12K Flex OpenArray plates: through-holes such as D1c1 (subarray, cell). */
const OPENARRAY = 'an OpenArray plate (QuantStudio 12K Flex): Amplio reads 96- and 384-well plates';
const OPENARRAY_POSITION = /^[A-Za-z]{1,2}\d{1,2}c\d{1,2}$/;

class QuantStudioReader implements QuantStudioWells {
  readonly builder: RunBuilder;
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

  get fileName(): string {
    return this.source.fileName;
  }

  tableLabel(name: string): string {
    return this.source.tableLabel(name);
  }

  reporters(): Set<string> {
    return new Set([...this.targetReporters.values()].map((reporter) => reporter.toLowerCase()));
  }

  fail(what: string): never {
    throw invalidFile(this.source.fileName, what);
  }

  locate(names: readonly string[], required: string[][]): TableContext | null {
    const context = locateQuantStudioTable(this.source, names, required);
    if (context) {
      for (const [key, value] of context.table.metadata)
        if (!this.metadata.has(key)) this.metadata.set(key, value);
    }
    return context;
  }

  /** Position of a row: "Well Position", else "Well" written as a position, else the well number. */
  position(context: TableContext, row: CellValue[], index: number): string {
    const { header } = context.table;
    const positionColumn = header.find(...POSITION);
    const wellColumn = header.find(...WELL);
    const positionText = positionColumn >= 0 ? cellText(row[positionColumn]) : '';
    const wellText = wellColumn >= 0 ? cellText(row[wellColumn]) : '';
    if (positionText) {
      if (OPENARRAY_POSITION.test(positionText)) this.fail(OPENARRAY);
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
    const reporterColumn = header.find(...REPORTER);
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

  /**
   * The reporter of a well's target: from the Sample Setup, else, for a SYBR Green run whose export
   * names no reporter (a StepOne v2 Results table without Task, Reporter and Quencher columns),
   * SYBR from the "Chemistry = SYBR_GREEN" header.
   */
  reporterOf(position: string, target: string): string | null {
    const key = target.toLowerCase();
    const known = this.wellTargetReporters.get(`${position}|${key}`) ?? this.targetReporters.get(key);
    if (known) return known;
    return /sybr/i.test(this.metadata.get('chemistry') ?? '') ? 'SYBR' : null;
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
    const reporterColumn = header.find(...REPORTER);
    // The instrument's call: "Call" where the export has one, else Design & Analysis's "Amp Status" (AMP, NO_AMP...).
    const callColumn = header.has(...CALL) ? header.find(...CALL) : header.find('Amp Status');
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

  read() {
    const setup = this.locate(QUANTSTUDIO_TABLES.setup, LAYOUT_REQUIRED);
    const results = this.locate(QUANTSTUDIO_TABLES.results, LAYOUT_REQUIRED);
    if (!setup && !results) this.fail(`${this.source.tableLabel('Results')} missing`);
    // QuantStudio 12K Flex OpenArray plates (positions such as D1c1, thousands of through-holes).
    if (/openarray/i.test(this.metadata.get('block type') ?? '')) this.fail(OPENARRAY);
    const amplification = this.locate(QUANTSTUDIO_TABLES.amplification, [WELL_OR_POSITION, CYCLE, TARGET]);
    const multicomponent = amplification
      ? null
      : this.locate(QUANTSTUDIO_TABLES.multicomponent, [WELL_OR_POSITION, CYCLE]);
    // Results with the instrument's Cq and no curves (a results-only export): a run of Cq only, as
    // for CFX and the LightCycler 480; the kit's channels then get CURVE_MISSING (docs/formats.md).
    const cqOnly = !amplification && !multicomponent && results?.table.header.has(...CQ, 'Allele1 Ct');
    // A plate set up and exported before the run (QuantStudio 7 Flex: "Experiment Run End Time =
    // Not Started", a Sample Setup section only) holds no result at all.
    if (setup && !results && !amplification && !multicomponent)
      this.fail(
        'no Results and no amplification data, only a plate setup: export the run with its Results after it has been run and analysed',
      );
    if (!amplification && !multicomponent && !cqOnly)
      this.fail(`${this.source.tableLabel('Amplification Data')} missing`);
    if (cqOnly) this.builder.notes.push('No amplification curves: Cq only');

    this.declaredPlate = plateTypeFromText(this.metadata.get('block type'));
    this.builder.declaredPlate = this.declaredPlate;
    if (setup) this.readLayout(setup);
    if (results) {
      this.readLayout(results);
      this.readResults(results);
    }
    readCalls(this);
    if (amplification) readAmplification(this, amplification);
    if (multicomponent) readMulticomponent(this, multicomponent);

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
