/**
 * The parts of oidc-provider 9 that Amplio uses, typed by hand: the package ships JavaScript only
 * (no .d.ts) and @types/oidc-provider is not installed. Keep these shapes minimal and in step with
 * node_modules/oidc-provider/lib.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type UnknownRecord = Record<string, unknown>;

/** What an adapter stores for one model instance (AccessToken, Session, Grant, Interaction, ...). */
export interface AdapterPayload extends UnknownRecord {
  grantId?: string;
  userCode?: string;
  uid?: string;
  /** Epoch seconds at which the artefact (authorization code, rotated refresh token) was consumed. */
  consumed?: number;
}

export interface OidcAdapter {
  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<AdapterPayload | undefined>;
  findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
  findByUid(uid: string): Promise<AdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export type OidcAdapterConstructor = new (modelName: string) => OidcAdapter;

export interface OidcClient {
  clientId: string;
  clientAuthMethod: string;
  grantTypeAllowed(grantType: string): boolean;
}

export interface OidcResourceServer {
  scopes: Set<string>;
}

export interface OidcSession {
  accountId?: string;
  grantIdFor(clientId: string): string | undefined;
}

export interface OidcToken {
  kind: string;
  accountId?: string;
  clientId?: string;
  scopes: Set<string>;
  resourceServer?: { audience?: string; identifier?: () => string };
}

export interface OidcGrant {
  jti?: string;
  accountId?: string;
  clientId?: string;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  getOIDCScopeEncountered(): string;
  getResourceScopeEncountered(resource: string): string;
  save(expiresIn?: number): Promise<string>;
}

export interface OidcGrantConstructor {
  new (properties: { accountId: string; clientId: string }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
}

export interface OidcContextState {
  client?: OidcClient;
  session?: OidcSession;
  result?: { consent?: { grantId?: string } };
  params?: UnknownRecord;
  route?: string;
  requestParamScopes: Set<string>;
  requestParamOIDCScopes: Set<string>;
  resourceServers?: Record<string, OidcResourceServer>;
  provider: { Grant: OidcGrantConstructor };
}

/** The Koa context oidc-provider hands to configuration helpers. */
export interface OidcKoaContext {
  oidc: OidcContextState;
  body: unknown;
  type: string;
  status: number;
  host: string;
  get(header: string): string;
}

export interface OidcInteraction {
  uid: string;
  prompt: { name: string; reasons: string[]; details: UnknownRecord };
  params: UnknownRecord;
  session?: { accountId?: string };
  grantId?: string;
  returnTo: string;
  /** Stored with the interaction (e.g. a pending password change); saved by `persist()`. */
  result?: UnknownRecord;
  persist(): Promise<unknown>;
}

export interface OidcAccount {
  accountId: string;
  claims(use: string, scope: string): Promise<UnknownRecord>;
}

export interface OidcProviderInstance {
  proxy: boolean;
  issuer: string;
  Grant: OidcGrantConstructor;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: UnknownRecord,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

export interface OidcProviderModule {
  Provider: new (issuer: string, configuration: UnknownRecord) => OidcProviderInstance;
  errors: Record<string, new (description?: string) => Error>;
}
