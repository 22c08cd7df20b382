import { exportLabels, type ExportLabels } from './export-labels';
import { CQ_DECIMALS, END_RFU_DECIMALS, formatDateTime, RATIO_DECIMALS, roundTo } from './export-format';
import {
  effectiveResult,
  type ExportAction,
  type ExportComment,
  type ExportRun,
  type ExportScope,
  type ExportWell,
} from './export-run';
import { selectWells } from './export-selection';

/** One cell of a human-readable export: text, a rounded number, or empty. */
export type ExportCell =
  { kind: 'text'; text: string } | { kind: 'number'; value: number; decimals: number } | null;

/** The content every tabular writer (CSV, XLSX, PDF) lays out: same rows, same order. */
export interface ExportTables {
  labels: ExportLabels;
  wells: ExportWell[];
  /** Run information: first cell a label, then the values. */
  info: ExportCell[][];
  wellHeader: string[];
  wellRows: ExportCell[][];
  runCommentHeader: string[];
  runComments: ExportCell[][];
  footer: ExportCell[][];
}

const text = (value: string | null | undefined): ExportCell =>
  value === null || value === undefined || value === '' ? null : { kind: 'text', text: value };
const number = (value: number | null | undefined, decimals: number): ExportCell =>
  value === null || value === undefined || !Number.isFinite(value)
    ? null
    : { kind: 'number', value: roundTo(value, decimals), decimals };

/** Channels that get an "Instrument Cq" column: those where one exported well has one. */
export function channelsWithInstrumentCq(run: ExportRun, wells: ExportWell[]): Set<string> {
  return new Set(
    run.channels.filter((channel) =>
      wells.some((well) => typeof well.channels[channel]?.instrumentCq === 'number'),
    ),
  );
}

/** A well's comments in one cell: "author (date): text", one per line. */
export function commentsText(comments: ExportComment[], run: ExportRun): string {
  return comments
    .map(
      (comment) =>
        `${comment.author} (${formatDateTime(comment.at, run.locale, run.timeZone)}): ${comment.text}`,
    )
    .join('\n');
}

export function buildExportTables(run: ExportRun, scope?: ExportScope): ExportTables {
  const labels = exportLabels(run.locale);
  const wells = selectWells(run, scope);
  const date = (value: Date | null): ExportCell =>
    value ? text(formatDateTime(value, run.locale, run.timeZone)) : null;
  const action = (label: string, value: ExportAction | null): ExportCell[] => [
    text(label),
    text(value?.name),
    date(value?.at ?? null),
  ];
  const info: ExportCell[][] = [
    [text(labels.laboratory), text(run.laboratory)],
    [text(labels.businessId), text(run.businessId)],
    [text(labels.fileName), text(run.fileName)],
    [text(labels.instrument), text(run.instrument)],
    [text(labels.plateId), text(run.plateId)],
    [text(labels.plateType), text(labels[run.plateType])],
    [text(labels.runDate), date(run.runDate)],
    [text(labels.importDate), date(run.importDate)],
    [text(labels.analyser), text(run.analyser)],
    ...run.kits.map((kit) => [
      text(labels.kit),
      text(kit.name),
      text(kit.version),
      text(kit.lots.join(', ')),
    ]),
    action(labels.interpretedBy, run.interpretedBy),
    action(labels.submittedBy, run.submittedBy),
    action(labels.approvedBy, run.approvedBy),
    action(labels.rejectedBy, run.rejectedBy),
    [text(labels.status), text(labels[run.status])],
  ];
  const instrumentCq = channelsWithInstrumentCq(run, wells);
  const wellHeader = [
    labels.position,
    labels.wellName,
    labels.sampleType,
    labels.kit,
    labels.kitVersion,
    labels.lot,
    ...run.channels.flatMap((channel) => [
      `${labels.cq} ${channel}`,
      `${labels.endRfu} ${channel}`,
      ...(instrumentCq.has(channel) ? [`${labels.instrumentCq} ${channel}`] : []),
    ]),
    labels.ratio,
    labels.suggestedResult,
    labels.suggestedColour,
    labels.overrideResult,
    labels.overrideBy,
    labels.overrideAt,
    labels.effectiveResult,
    labels.comments,
  ];
  const wellRows = wells.map((well): ExportCell[] => [
    text(well.position),
    text(well.name),
    text(well.sampleType),
    text(well.kit),
    text(well.kitVersion),
    text(well.lot),
    ...run.channels.flatMap((channel) => {
      const values = well.channels[channel];
      return [
        number(values?.cq, CQ_DECIMALS),
        number(values?.endRfu, END_RFU_DECIMALS),
        ...(instrumentCq.has(channel) ? [number(values?.instrumentCq, CQ_DECIMALS)] : []),
      ];
    }),
    number(well.ratio, RATIO_DECIMALS),
    text(well.suggestedResult?.label),
    text(well.suggestedResult?.color),
    text(well.override?.result.label),
    text(well.override?.by),
    date(well.override?.at ?? null),
    text(effectiveResult(well)?.label),
    text(commentsText(well.comments, run)),
  ]);
  const runComments = run.comments.map((comment) => [
    text(comment.author),
    date(comment.at),
    text(comment.text),
  ]);
  const footer: ExportCell[][] = [
    [text(labels.exportedAt), date(run.footer.exportedAt)],
    [text(labels.exportedBy), text(run.footer.exportedBy)],
    [text(labels.productVersion), text(run.footer.productVersion)],
    [text(labels.researchUseOnly)],
  ];
  return {
    labels,
    wells,
    info,
    wellHeader,
    wellRows,
    runCommentHeader: [labels.author, labels.date, labels.comment],
    runComments,
    footer,
  };
}

/** A cell as plain text (numbers with their section 9 decimals and a dot). */
export function cellText(cell: ExportCell): string {
  if (cell === null) return '';
  return cell.kind === 'text' ? cell.text : cell.value.toFixed(cell.decimals);
}
