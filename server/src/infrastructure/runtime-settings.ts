/** Settings the API's services read (from the validated AppConfig). */
export interface RuntimeSettings {
  importTimeoutMs: number;
  allowFileDownload: boolean;
  version: string;
  buildDate: string;
}

export const RUNTIME_SETTINGS = Symbol('RUNTIME_SETTINGS');
