/**
 * Child-process entry used by the identity tests: Jest cannot load the ESM-only oidc-provider and
 * jose, so the tests compile server/src/identity with SWC and run this file with plain Node, then
 * drive it over IPC (verify a token, start the provider on an ephemeral loopback port).
 * Not used in production.
 */
import './workspace-aliases';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { Pool } from 'pg';
import { SecretBox, secretKeyFromBase64 } from '@amplio/adapters';
import {
  createAccessTokenVerifier,
  InvalidAccessTokenError,
  type AccessTokenVerifier,
} from '../access-token-verifier';
import { createIdentityProvider, type IdentityProvider } from '../identity-provider';
import type { HarnessReply, HarnessRequest, StartProviderRequest } from './harness-protocol';

let pool: Pool | undefined;
let server: Server | undefined;
let identity: IdentityProvider | undefined;
const verifiers = new Map<string, AccessTokenVerifier>();

function reply(message: HarnessReply): void {
  process.send?.(message);
}

async function startProvider(request: StartProviderRequest): Promise<HarnessReply> {
  pool = new Pool({ connectionString: request.databaseUrl, max: 5 });
  const db = pool;
  const app = express();
  app.set('trust proxy', true);
  const httpServer = createServer(app);
  server = httpServer;
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  identity = await createIdentityProvider({
    publicUrl: baseUrl,
    realm: request.realm,
    clientId: request.clientId,
    audience: request.audience,
    redirectOrigins: [baseUrl, ...(request.extraOrigins ?? [])],
    accessTokenTtlSeconds: request.accessTokenTtlSeconds,
    signInThrottle: request.signInThrottle,
    signingKeySealer: request.secretKeyBase64
      ? new SecretBox(secretKeyFromBase64(request.secretKeyBase64))
      : undefined,
    db: {
      async query<T = unknown>(sql: string, params?: unknown[]): Promise<T[]> {
        const result = await db.query(sql, params);
        return result.rows as T[];
      },
    },
    logger: { error: (message, error) => console.error(`[harness] ${message}`, error) },
  });
  identity.mount(app);
  return { id: request.id, type: 'provider-started', port: address.port, issuer: identity.issuer, baseUrl };
}

async function handle(request: HarnessRequest): Promise<HarnessReply> {
  switch (request.type) {
    case 'start-provider':
      return startProvider(request);
    case 'verify': {
      const key = JSON.stringify(request.options);
      let verifier = verifiers.get(key);
      if (!verifier) {
        verifier = createAccessTokenVerifier(request.options);
        verifiers.set(key, verifier);
      }
      try {
        return { id: request.id, type: 'verified', ok: true, token: await verifier.verify(request.token) };
      } catch (error) {
        return {
          id: request.id,
          type: 'verified',
          ok: false,
          errorName: error instanceof Error ? error.name : typeof error,
          reason: error instanceof InvalidAccessTokenError ? error.reason : null,
          message: error instanceof Error ? error.message : String(error),
        };
      }
    }
    case 'stop': {
      await identity?.close();
      const running = server;
      if (running) {
        running.closeAllConnections();
        await new Promise<void>((resolve) => running.close(() => resolve()));
      }
      await pool?.end();
      return { id: request.id, type: 'stopped' };
    }
  }
}

process.on('message', (message: HarnessRequest) => {
  handle(message)
    .then((answer) => {
      reply(answer);
      if (answer.type === 'stopped') process.disconnect();
    })
    .catch((error: unknown) => {
      reply({
        id: message.id,
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    });
});
