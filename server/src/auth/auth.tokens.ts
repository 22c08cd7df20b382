/** The verifier of bearer access tokens (built-in provider or Keycloak alike). */
export interface AccessTokenVerifier {
  verify(token: string): Promise<{
    subject: string;
    username: string;
    roles: string[];
    laboratoryId: string | null;
    /** `exp` in epoch seconds, when the verifier reports it. */
    expiresAt?: number;
  }>;
}

export const ACCESS_TOKEN_VERIFIER = Symbol('ACCESS_TOKEN_VERIFIER');
