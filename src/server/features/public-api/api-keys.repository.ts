import type { ApiKeyScope } from '../../../shared/public-api-schemas.ts';
import type { Queryable } from '../../db/database.ts';

export interface ApiKeyRow {
  id: string;
  name: string;
  scope: ApiKeyScope;
  hint: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What a request's key opens: its business, and what it may do there. */
export interface ApiKeyGrant {
  keyId: string;
  companyId: string;
  scope: ApiKeyScope;
  businessSuspended: boolean;
}

const KEY_COLUMNS = `k.id, k.name, k.scope, k.hint, s.name as "createdBy",
  k.created_at as "createdAt", k.last_used_at as "lastUsedAt"`;

export function createApiKeysRepository(db: Queryable) {
  return {
    /** The business's keys in use, oldest first. */
    async listKeys(companyId: string): Promise<ApiKeyRow[]> {
      const { rows } = await db.query<ApiKeyRow>(
        `select ${KEY_COLUMNS}
           from api_keys k left join staff_users s on s.id = k.created_by
          where k.company_id = $1 and k.revoked_at is null
          order by k.created_at, k.id`,
        [companyId],
      );
      return rows;
    },

    /**
     * Adds a key unless the business already has `most` in use (null then). The limit keeps the
     * list reviewable, not a guard: two keys made in the same instant may pass it by one.
     */
    async insertKey(
      key: {
        id: string;
        companyId: string;
        name: string;
        scope: ApiKeyScope;
        secretHash: string;
        hint: string;
        createdBy: string;
      },
      most: number,
    ): Promise<ApiKeyRow | null> {
      const { rows } = await db.query<ApiKeyRow>(
        `with inserted as (
           insert into api_keys (id, company_id, name, scope, secret_hash, hint, created_by)
           select $1, $2, $3, $4, $5, $6, $7
            where (select count(*) from api_keys where company_id = $2 and revoked_at is null) < $8
           returning *
         )
         select ${KEY_COLUMNS} from inserted k left join staff_users s on s.id = k.created_by`,
        [key.id, key.companyId, key.name, key.scope, key.secretHash, key.hint, key.createdBy, most],
      );
      return rows[0] ?? null;
    },

    /** Revokes one of the business's keys; false when it has no such key in use. */
    async revokeKey(companyId: string, keyId: string): Promise<boolean> {
      const { rows } = await db.query(
        `update api_keys set revoked_at = now()
          where id = $1 and company_id = $2 and revoked_at is null
          returning id`,
        [keyId, companyId],
      );
      return rows.length > 0;
    },

    /**
     * The key with this hash, if in use, and notes its use: at most once a minute, so a busy
     * program costs a write a minute, not one a request. One round trip.
     */
    async useKey(secretHash: string): Promise<ApiKeyGrant | null> {
      const { rows } = await db.query<ApiKeyGrant>(
        `with found as (
           select k.id, k.company_id, k.scope, k.last_used_at, c.suspended_at
             from api_keys k join companies c on c.id = k.company_id
            where k.secret_hash = $1 and k.revoked_at is null
         ), noted as (
           update api_keys set last_used_at = date_trunc('minute', now())
            where id in (select id from found
                          where last_used_at is null or last_used_at < date_trunc('minute', now()))
         )
         select id as "keyId", company_id as "companyId", scope,
                suspended_at is not null as "businessSuspended"
           from found`,
        [secretHash],
      );
      return rows[0] ?? null;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
