import type { RunStatus } from '@amplio/domain';
import { RESEARCH_USE_ONLY, type ExportLocale } from './export-run';

/** English texts of every header and title the human-readable exports show. */
const EN_GB = {
  title: 'Run results',
  plateTitle: 'Plate map',
  legend: 'Legend',
  runInformation: 'Run',
  laboratory: 'Laboratory',
  businessId: 'Run business id',
  fileName: 'File name',
  instrument: 'Instrument',
  plateId: 'Plate id',
  plateType: 'Plate type',
  runDate: 'Run date',
  importDate: 'Import date',
  analyser: 'Analyser',
  kit: 'Kit',
  kitVersion: 'Version',
  lot: 'Lot',
  interpretedBy: 'Interpreted by',
  submittedBy: 'Submitted by',
  approvedBy: 'Approved by',
  rejectedBy: 'Rejected by',
  status: 'Status',
  wells: 'Wells',
  position: 'Position',
  wellName: 'Well name',
  sampleType: 'Sample type',
  cq: 'Cq',
  endRfu: 'End RFU',
  instrumentCq: 'Instrument Cq',
  ratio: 'Ratio',
  suggestedResult: 'Suggested result',
  suggestedColour: 'Suggested colour',
  overrideResult: 'Override result',
  overrideBy: 'Override by',
  overrideAt: 'Override at',
  effectiveResult: 'Effective result',
  effectiveColour: 'Effective colour',
  comments: 'Comments',
  runComments: 'Run comments',
  author: 'Author',
  date: 'Date',
  comment: 'Comment',
  exportedAt: 'Export time',
  exportedBy: 'Exported by',
  productVersion: 'Product version',
  researchUseOnly: RESEARCH_USE_ONLY,
  page: 'Page',
  RUN_TO_INTERPRET: 'To interpret',
  WAIT_FOR_APPROVAL: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  RECTANGULAR_96: '96 wells (8 x 12)',
  RECTANGULAR_384: '384 wells (16 x 24)',
} satisfies Record<RunStatus, string> & Record<string, string>;

export type ExportLabels = { readonly [K in keyof typeof EN_GB]: string };

/** French texts are the SPEC's placeholders until the translators deliver: the English text prefixed with FR_. */
const FR_FR = Object.fromEntries(
  Object.entries(EN_GB).map(([key, text]) => [key, `FR_${text}`]),
) as unknown as ExportLabels;

export function exportLabels(locale: ExportLocale): ExportLabels {
  return locale === 'fr-FR' ? FR_FR : EN_GB;
}
