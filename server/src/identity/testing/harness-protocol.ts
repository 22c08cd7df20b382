/** Messages between the Jest tests and the identity harness child process (over Node IPC). */
import type {
  AccessTokenVerifierOptions,
  InvalidAccessTokenReason,
  VerifiedAccessToken,
} from '../access-token-verifier';
import type { SignInThrottle } from '../sign-in-interaction';

export interface StartProviderRequest {
  type: 'start-provider';
  id: number;
  databaseUrl: string;
  realm: string;
  clientId: string;
  audience: string;
  accessTokenTtlSeconds?: number;
  /** Extra SPA origins besides the provider's own. */
  extraOrigins?: string[];
  /** Failed sign-in limits (default: the production ones). */
  signInThrottle?: SignInThrottle;
  /** Base64 secret key: the provider seals its keys at rest with a SecretBox of it. */
  secretKeyBase64?: string;
}

export interface VerifyRequest {
  type: 'verify';
  id: number;
  options: AccessTokenVerifierOptions;
  token: string;
}

export interface StopRequest {
  type: 'stop';
  id: number;
}

export type HarnessRequest = StartProviderRequest | VerifyRequest | StopRequest;

export type HarnessReply =
  | { id: number; type: 'provider-started'; port: number; issuer: string; baseUrl: string }
  | { id: number; type: 'verified'; ok: true; token: VerifiedAccessToken }
  | {
      id: number;
      type: 'verified';
      ok: false;
      errorName: string;
      reason: InvalidAccessTokenReason | null;
      message: string;
    }
  | { id: number; type: 'stopped' }
  | { id: number; type: 'failed'; message: string };
