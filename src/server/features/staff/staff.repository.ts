import type { Queryable } from '../../db/database.ts';

export type StaffRole = 'owner' | 'provider';

export interface StaffUserRow {
  id: string;
  companyId: string;
  email: string;
  name: string;
  passwordHash: string;
  role: StaffRole;
  providerId: string | null;
  failedSignIns: number;
  throttledUntil: Date | null;
}

export interface StaffSessionRow {
  staffUserId: string;
  companyId: string;
  email: string;
  name: string;
  role: StaffRole;
  providerId: string | null;
  csrfToken: string;
  expiresAt: Date;
}

const userColumns = `id, company_id as "companyId", email, name, password_hash as "passwordHash", role,
  provider_id as "providerId", failed_sign_ins as "failedSignIns", throttled_until as "throttledUntil"`;

export function createStaffRepository(db: Queryable) {
  return {
    async findByEmail(email: string, tx: Queryable = db): Promise<StaffUserRow | null> {
      const { rows } = await tx.query<StaffUserRow>(
        `select ${userColumns} from staff_users where email = $1`,
        [email.toLowerCase()],
      );
      return rows[0] ?? null;
    },

    async insertStaffUser(
      user: {
        id: string;
        companyId: string;
        email: string;
        name: string;
        passwordHash: string;
        role: StaffRole;
        providerId?: string | null;
      },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `insert into staff_users (id, company_id, email, name, password_hash, role, provider_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          user.id,
          user.companyId,
          user.email.toLowerCase(),
          user.name,
          user.passwordHash,
          user.role,
          user.providerId ?? null,
        ],
      );
    },

    async updatePassword(id: string, passwordHash: string, tx: Queryable = db): Promise<void> {
      await tx.query(
        'update staff_users set password_hash = $2, failed_sign_ins = 0, throttled_until = null where id = $1',
        [id, passwordHash],
      );
    },

    /**
     * Counts a failure and, from the FREE_FAILURES-th on, throttles for a doubling number of minutes
     * (at most 60). Computed in the UPDATE from the row's own count, so wrong passwords sent at the
     * same time cannot overwrite each other's throttle, and a later throttle is never shortened.
     */
    async recordFailedSignIn(id: string, freeFailures: number, tx: Queryable = db): Promise<void> {
      await tx.query(
        `update staff_users
            set failed_sign_ins = failed_sign_ins + 1,
                throttled_until = case
                  when failed_sign_ins + 1 >= $2 then greatest(
                    coalesce(throttled_until, now()),
                    now() + make_interval(mins => least(power(2, failed_sign_ins + 1 - $2)::int, 60)))
                  else throttled_until end
          where id = $1`,
        [id, freeFailures],
      );
    },

    async clearFailedSignIns(id: string, tx: Queryable = db): Promise<void> {
      await tx.query('update staff_users set failed_sign_ins = 0, throttled_until = null where id = $1', [
        id,
      ]);
    },

    async insertSession(
      session: { tokenHash: string; staffUserId: string; csrfToken: string; expiresAt: Date },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        'insert into staff_sessions (token_hash, staff_user_id, csrf_token, expires_at) values ($1, $2, $3, $4)',
        [session.tokenHash, session.staffUserId, session.csrfToken, session.expiresAt],
      );
    },

    async findSession(tokenHash: string, tx: Queryable = db): Promise<StaffSessionRow | null> {
      const { rows } = await tx.query<StaffSessionRow>(
        `select s.staff_user_id as "staffUserId", u.company_id as "companyId", u.email, u.name, u.role,
                u.provider_id as "providerId", s.csrf_token as "csrfToken", s.expires_at as "expiresAt"
           from staff_sessions s join staff_users u on u.id = s.staff_user_id
          where s.token_hash = $1 and s.expires_at > now()`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },

    async liveSessionHashes(tokenHashes: readonly string[], tx: Queryable = db): Promise<Set<string>> {
      const { rows } = await tx.query<{ tokenHash: string }>(
        'select token_hash as "tokenHash" from staff_sessions where token_hash = any($1::text[]) and expires_at > now()',
        [tokenHashes],
      );
      return new Set(rows.map((row) => row.tokenHash));
    },

    async deleteSession(tokenHash: string, tx: Queryable = db): Promise<void> {
      await tx.query('delete from staff_sessions where token_hash = $1', [tokenHash]);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
