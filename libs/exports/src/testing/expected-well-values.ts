import type { ExportRun, ExportWell } from '../export-run';

/** What a reader must find for a well, computed from the run independently of the writers. */
export interface ExpectedWellValues {
  texts: Record<string, string>;
  numbers: Record<string, number | null>;
}

const NEUTRALISE = /^[=+\-@\t\r]/;
/** The neutralised text a spreadsheet cell must hold. */
export const guarded = (value: string): string => (NEUTRALISE.test(value) ? `'${value}` : value);

export function expectedWellValues(run: ExportRun, well: ExportWell): ExpectedWellValues {
  const date = (at: Date): string =>
    new Intl.DateTimeFormat(run.locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: run.timeZone,
    }).format(at);
  const numbers: Record<string, number | null> = { Ratio: well.ratio };
  for (const channel of run.channels) {
    numbers[`Cq ${channel}`] = well.channels[channel]?.cq ?? null;
    numbers[`End RFU ${channel}`] = well.channels[channel]?.endRfu ?? null;
    if (channel === 'FAM') numbers[`Instrument Cq ${channel}`] = well.channels[channel]?.instrumentCq ?? null;
  }
  const effective = well.override?.result ?? well.suggestedResult;
  return {
    texts: {
      Position: well.position,
      'Well name': guarded(well.name),
      'Sample type': guarded(well.sampleType ?? ''),
      Kit: guarded(well.kit ?? ''),
      Version: guarded(well.kitVersion ?? ''),
      Lot: guarded(well.lot ?? ''),
      'Suggested result': well.suggestedResult?.label ?? '',
      'Suggested colour': well.suggestedResult?.color ?? '',
      'Override result': well.override?.result.label ?? '',
      'Override by': well.override?.by ?? '',
      'Effective result': effective?.label ?? '',
      'Override at': well.override ? date(well.override.at) : '',
      Comments: guarded(
        well.comments.map((comment) => `${comment.author} (${date(comment.at)}): ${comment.text}`).join('\n'),
      ),
    },
    numbers,
  };
}

/** The number a reader got is the stored one rounded to `decimals` (half a unit of the last place). */
export function isRoundedFrom(read: number, stored: number, decimals: number): boolean {
  const unit = 10 ** -decimals;
  const onGrid = Math.abs(read / unit - Math.round(read / unit)) < 1e-6;
  return onGrid && Math.abs(read - stored) <= unit / 2 + 1e-9;
}
