import type { AdapterPayload, OidcAdapter, OidcAdapterConstructor } from './oidc-provider-types';
import type { SqlClient } from './sql-client';

interface PayloadRow {
  payload: AdapterPayload;
  consumed_epoch: number | string | null;
}

/** Columns read back by every finder: the stored payload plus consumption time in epoch seconds. */
const SELECT = `SELECT payload, floor(extract(epoch FROM consumed_at))::bigint AS consumed_epoch FROM oidc_payload`;
/** Expired rows are invisible even before the cleanup deletes them. */
const NOT_EXPIRED = `(expires_at IS NULL OR expires_at > now())`;

/**
 * oidc-provider storage over the `oidc_payload` table, so several API processes share sessions,
 * interactions, codes, grants and refresh tokens. Expiry uses the database clock (`now()`) for
 * writing and reading, so processes with skewed clocks agree.
 */
export function createPostgresAdapter(db: SqlClient): OidcAdapterConstructor {
  return class PostgresAdapter implements OidcAdapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const seconds =
        typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? Math.max(0, expiresIn) : null;
      await db.query(
        `INSERT INTO oidc_payload (kind, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::double precision IS NULL THEN NULL ELSE now() + make_interval(secs => $7::double precision) END)
         ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.kind,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          seconds,
        ],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.first(
        await db.query<PayloadRow>(`${SELECT} WHERE kind = $1 AND id = $2 AND ${NOT_EXPIRED}`, [
          this.kind,
          id,
        ]),
      );
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.first(
        await db.query<PayloadRow>(
          `${SELECT} WHERE kind = $1 AND user_code = $2 AND ${NOT_EXPIRED} LIMIT 1`,
          [this.kind, userCode],
        ),
      );
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.first(
        await db.query<PayloadRow>(`${SELECT} WHERE kind = $1 AND uid = $2 AND ${NOT_EXPIRED} LIMIT 1`, [
          this.kind,
          uid,
        ]),
      );
    }

    async consume(id: string): Promise<void> {
      await db.query(`UPDATE oidc_payload SET consumed_at = now() WHERE kind = $1 AND id = $2`, [
        this.kind,
        id,
      ]);
    }

    async destroy(id: string): Promise<void> {
      await db.query(`DELETE FROM oidc_payload WHERE kind = $1 AND id = $2`, [this.kind, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query(`DELETE FROM oidc_payload WHERE kind = $1 AND grant_id = $2`, [this.kind, grantId]);
    }

    private first(rows: PayloadRow[]): AdapterPayload | undefined {
      const row = rows[0];
      if (!row) return undefined;
      const payload: AdapterPayload =
        typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : { ...row.payload };
      if (row.consumed_epoch !== null && row.consumed_epoch !== undefined) {
        payload.consumed = Number(row.consumed_epoch);
      }
      return payload;
    }
  };
}

/** Deletes rows that expired more than `graceSeconds` ago; returns nothing (the row count is not needed). */
export async function deleteExpiredPayloads(db: SqlClient, graceSeconds = 3600): Promise<void> {
  await db.query(
    `DELETE FROM oidc_payload WHERE expires_at < now() - make_interval(secs => $1::double precision)`,
    [graceSeconds],
  );
}
