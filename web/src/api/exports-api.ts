import { apiDownload } from './api-client';

export type ExportFormat = 'pdf' | 'xlsx' | 'csv' | 'xml';

/** POST /run/export/{kind} body (SPEC 3 "Export request"; server: ExportRequestDto). */
export type ExportRequest = {
  /** Absent: the whole plate. */
  wellIds?: string[];
  format: ExportFormat;
  isExportAsPlate: boolean;
  separator: string;
  /** Client id of this export, echoed in the export.progress live events. */
  progressId?: string;
};

/**
 * The run's file as a download: its bytes and the server's file name (Content-Disposition: the
 * export time in the laboratory's time zone), else `fallbackName`; `{kind}` is the run id.
 */
export const exportRun = (
  runId: string,
  request: ExportRequest,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> =>
  apiDownload(`/run/export/${encodeURIComponent(runId)}`, fallbackName, { method: 'POST', json: request });
