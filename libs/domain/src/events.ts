import type { ImportState, RunStatus } from './run-status';

/** Server-to-browser Socket.IO events (rooms: `laboratory:<id>`, `run:<id>`). */
export interface ImportProgressEvent {
  /** Client-chosen id sent with the upload (form field uploadId), so the uploader can follow it. */
  uploadId: string | null;
  runId: string | null;
  fileNames: string[];
  state: ImportState;
  /** 0 to 100. */
  progress: number;
  error?: { message: string; params?: string[] };
}

export interface RunStatusEvent {
  runId: string;
  businessId: string;
  status: RunStatus;
  submittedByName: string | null;
  approvedBy: string | null;
  rejectedBy: string | null;
}

export interface RunChangedEvent {
  runId: string;
  /** What changed, so clients know what to refetch. */
  what: 'created' | 'interpreted' | 'deleted' | 'updated';
}

/** Progress of one export (room `run:<id>`); the client follows its own by the progressId it sent. */
export interface ExportProgressEvent {
  /** Client-chosen id sent with the export request (body field progressId); null when none was sent. */
  progressId: string | null;
  runId: string;
  format: 'pdf' | 'xlsx' | 'csv' | 'xml';
  state: 'RUNNING' | 'READY' | 'FAILED';
  /** 0 to 100. */
  progress: number;
}

/** Progress of a search index rebuild (room `super-admins`: only super admins start and follow it). */
export interface SearchReindexProgressEvent {
  state: 'RUNNING' | 'DONE' | 'FAILED';
  /** Runs written into the new index so far, out of total. */
  done: number;
  total: number;
}

export interface ServerToClientEvents {
  'import.progress': (event: ImportProgressEvent) => void;
  'export.progress': (event: ExportProgressEvent) => void;
  'run.status': (event: RunStatusEvent) => void;
  'run.changed': (event: RunChangedEvent) => void;
  'search.reindex.progress': (event: SearchReindexProgressEvent) => void;
  'lot.changed': (event: { lotId: string; kitId: string; change: 'created' | 'updated' | 'deleted' }) => void;
}

export interface ClientToServerEvents {
  /** Joins the run's room; the answer says whether it was joined (false: unknown run or not allowed). */
  'run.watch': (runId: string, ack: (joined: boolean) => void) => void;
  'run.unwatch': (runId: string) => void;
  /** A renewed access token for the live connection; the server closes sockets whose token expired. */
  'auth.refresh': (token: string, ack: (accepted: boolean) => void) => void;
}
