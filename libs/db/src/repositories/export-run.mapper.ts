import type { PlateType, RunStatus } from '@amplio/domain';
import type { ExportAction, ExportComment, ExportLocale, ExportRun, ExportWell } from '@amplio/exports';

/** Stored values of one run, as read for an export (no interpretation happens here). */
export interface StoredRunForExport {
  laboratory: string;
  /** The laboratory's IANA time zone (exports show their dates in it). */
  timeZone: string;
  businessId: string;
  fileName: string;
  instrument: string | null;
  plateId: string | null;
  plateType: PlateType;
  runDate: Date | null;
  importDate: Date;
  analyser: string;
  status: RunStatus;
  kits: Array<{ name: string; version: string; lots: string[] }>;
  interpreted: { name: string; at: Date } | null;
  /** Latest audit record of each status change: who and when. */
  statusChanges: Partial<Record<'WAIT_FOR_APPROVAL' | 'APPROVED' | 'REJECTED', { name: string; at: Date }>>;
  wells: StoredWellForExport[];
  comments: Array<{ wellId: string | null; author: string; at: Date; text: string }>;
}

export interface StoredWellForExport {
  id: string;
  position: string;
  name: string | null;
  sampleType: string | null;
  kit: string | null;
  kitVersion: string | null;
  lot: string | null;
  channels: Array<{ dye: string; cq: number | null; endRfu: number | null }>;
  instrumentCq: Record<string, number | null>;
  ratio: number | null;
  suggested: { label: string; color: string } | null;
  override: { label: string; color: string; by: string; at: Date } | null;
}

export interface ExportContext {
  locale: ExportLocale;
  timeZone: string;
  exportedAt: Date;
  exportedBy: string;
  productVersion: string;
}

/** FAM first, then the other channels in the order they first appear (docs/decisions.md). */
export function channelOrder(wells: StoredWellForExport[]): string[] {
  const seen: string[] = [];
  for (const well of wells)
    for (const channel of well.channels) if (!seen.includes(channel.dye)) seen.push(channel.dye);
  return [...seen.filter((dye) => dye === 'FAM'), ...seen.filter((dye) => dye !== 'FAM')];
}

const action = (value: { name: string; at: Date } | null | undefined): ExportAction | null =>
  value ? { name: value.name, at: value.at } : null;

/** The one mapper from the stored run to the export model: stored values only, never interpreted again. */
export function toExportRun(stored: StoredRunForExport, context: ExportContext): ExportRun {
  const wellComments = new Map<string, ExportComment[]>();
  const runComments: ExportComment[] = [];
  for (const comment of stored.comments) {
    const item = { author: comment.author, at: comment.at, text: comment.text };
    if (comment.wellId === null) runComments.push(item);
    else wellComments.set(comment.wellId, [...(wellComments.get(comment.wellId) ?? []), item]);
  }
  const wells: ExportWell[] = stored.wells.map((well) => ({
    id: well.id,
    position: well.position,
    name: well.name ?? well.position,
    sampleType: well.sampleType,
    kit: well.kit,
    kitVersion: well.kitVersion,
    lot: well.lot,
    channels: Object.fromEntries(
      well.channels.map((channel) => [
        channel.dye,
        { cq: channel.cq, endRfu: channel.endRfu, instrumentCq: well.instrumentCq[channel.dye] ?? null },
      ]),
    ),
    ratio: well.ratio,
    suggestedResult: well.suggested ? { label: well.suggested.label, color: well.suggested.color } : null,
    override: well.override
      ? {
          result: { label: well.override.label, color: well.override.color },
          by: well.override.by,
          at: well.override.at,
        }
      : null,
    comments: wellComments.get(well.id) ?? [],
  }));
  return {
    locale: context.locale,
    timeZone: context.timeZone,
    laboratory: stored.laboratory,
    businessId: stored.businessId,
    fileName: stored.fileName,
    instrument: stored.instrument ?? '',
    plateId: stored.plateId ?? '',
    plateType: stored.plateType,
    runDate: stored.runDate,
    importDate: stored.importDate,
    analyser: stored.analyser,
    kits: stored.kits,
    interpretedBy: action(stored.interpreted),
    submittedBy: action(stored.statusChanges.WAIT_FOR_APPROVAL),
    approvedBy: stored.status === 'APPROVED' ? action(stored.statusChanges.APPROVED) : null,
    rejectedBy: stored.status === 'REJECTED' ? action(stored.statusChanges.REJECTED) : null,
    status: stored.status,
    channels: channelOrder(stored.wells),
    wells,
    comments: runComments,
    footer: {
      exportedAt: context.exportedAt,
      exportedBy: context.exportedBy,
      productVersion: context.productVersion,
    },
  };
}
