/** Settings the API's services read (from the validated AppConfig). */
export interface RuntimeSettings {
  importTimeoutMs: number;
  allowFileDownload: boolean;
  version: string;
  buildDate: string;
  /** Where laboratory users live: the built-in provider's table, or an external Keycloak. */
  userDirectory:
    | { kind: 'built-in' }
    | { kind: 'keycloak'; baseUrl: string; realm: string; clientId: string; clientSecret: string }
    | { kind: 'unconfigured' };
}

export const RUNTIME_SETTINGS = Symbol('RUNTIME_SETTINGS');
