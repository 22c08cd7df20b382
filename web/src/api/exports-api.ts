import { apiFetch } from './api-client';

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

/** The run's file as a download (blob); `{kind}` is the run id. */
export const exportRun = (runId: string, request: ExportRequest): Promise<Blob> =>
  apiFetch<Blob>(`/run/export/${encodeURIComponent(runId)}`, {
    method: 'POST',
    json: request,
    responseType: 'blob',
    accept: '*/*',
  });
