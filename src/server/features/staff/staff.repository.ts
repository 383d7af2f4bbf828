import type { ConsoleLanguage } from '../../../shared/languages.ts';
import type { StaffRole } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';

export type { StaffRole };

export interface StaffUserRow {
  id: string;
  companyId: string;
  email: string;
  name: string;
  /** Null while an invited member has not chosen one (migration 0010). */
  passwordHash: string | null;
  role: StaffRole;
  providerId: string | null;
  /** The business this account belongs to: one person may have an account at several (decisions/0011). */
  companyName: string;
  /** The install's operator suspended the business (migration 0036): no sign-in while so. */
  businessSuspended: boolean;
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
  /** The install's operator suspended the business (migration 0036): the session is refused. */
  businessSuspended: boolean;
}

/**
 * The provider a provider account speaks for, while that provider still works here: a removed
 * provider (Settings, kept inactive for the history) leaves the account linked to no one.
 */
const activeProviderIdSql = (user: string) =>
  `(select p.id from providers p where p.id = ${user}.provider_id and p.active)`;

const userColumns = `u.id, u.company_id as "companyId", u.email, u.name, u.password_hash as "passwordHash", u.role,
  ${activeProviderIdSql('u')} as "providerId", c.name as "companyName",
  c.suspended_at is not null as "businessSuspended"`;
const usersFrom = 'staff_users u join companies c on c.id = u.company_id';

/** Where the database announces each deleted session's token hash (migration 0008's trigger). */
export const SESSIONS_ENDED_CHANNEL = 'checkn_sessions';

export interface SignInThrottle {
  /** Failures allowed before sign-in is throttled. */
  freeFailures: number;
  /** The longest wait, however many failures: the doubling stops here (and cannot overflow). */
  maxWaitMinutes: number;
}

export function createStaffRepository(db: Queryable) {
  return {
    /**
     * Every account with this email, one per business it works for (migration 0016), by business
     * name; only the one at `companyId` when given.
     */
    async listByEmail(email: string, companyId?: string, tx: Queryable = db): Promise<StaffUserRow[]> {
      const { rows } = await tx.query<StaffUserRow>(
        `select ${userColumns} from ${usersFrom}
          where u.email = $1 and ($2::text is null or u.company_id = $2)
          order by lower(c.name), c.id`,
        [email.toLowerCase(), companyId ?? null],
      );
      return rows;
    },

    /** The console language the member chose; null when they have not (migrations/0043). */
    async findLanguage(id: string, tx: Queryable = db): Promise<ConsoleLanguage | null> {
      const { rows } = await tx.query<{ language: ConsoleLanguage | null }>(
        'select language from staff_users where id = $1',
        [id],
      );
      return rows[0]?.language ?? null;
    },

    async updateLanguage(id: string, language: ConsoleLanguage, tx: Queryable = db): Promise<void> {
      await tx.query('update staff_users set language = $2 where id = $1', [id, language]);
    },

    async findById(id: string, tx: Queryable = db): Promise<StaffUserRow | null> {
      const { rows } = await tx.query<StaffUserRow>(
        `select ${userColumns} from ${usersFrom} where u.id = $1`,
        [id],
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

    /**
     * Replaces a hash with a stronger one of the same password, unless the password changed
     * meanwhile (the row no longer holds `from`).
     */
    async replacePasswordHash(id: string, from: string, to: string, tx: Queryable = db): Promise<void> {
      await tx.query('update staff_users set password_hash = $3 where id = $1 and password_hash = $2', [
        id,
        from,
        to,
      ]);
    },

    /**
     * Claims one sign-in attempt for `email`, counted as a failure until the password proves right,
     * and answers false (claiming nothing) while the email is throttled. One statement: the row's
     * lock makes guesses sent at once take turns, so no more than `freeFailures` of them get past
     * (reading the throttle, checking, then counting let 35 of 100 through). From the
     * freeFailures-th failure on, each throttles for a doubling number of minutes, at most
     * maxWaitMinutes; the count and the exponent are capped first, so nothing overflows.
     */
    async claimSignInAttempt(email: string, throttle: SignInThrottle, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `insert into staff_sign_in_attempts as a (email, failures, throttled_until, last_attempt_at)
         values ($1, 1, case when $2::int <= 1 then now() + interval '1 minute' end, now())
         on conflict (email) do update
            set failures = least(a.failures, 999999) + 1,
                throttled_until = case when a.failures >= $2::int - 1
                  then now() + make_interval(
                    mins => least(power(2, least(a.failures - $2::int + 1, 30))::int, $3::int))
                  end,
                last_attempt_at = now()
          where a.throttled_until is null or a.throttled_until <= now()
         returning 1`,
        [email, throttle.freeFailures, throttle.maxWaitMinutes],
      );
      return rows.length > 0;
    },

    /** A right password: the email's failures are forgotten. */
    async clearSignInAttempts(email: string, tx: Queryable = db): Promise<void> {
      await tx.query('delete from staff_sign_in_attempts where email = $1', [email]);
    },

    /** Forgets emails with no attempt for a day (their throttle long over), so the table stays small. */
    async pruneSignInAttempts(tx: Queryable = db): Promise<void> {
      await tx.query("delete from staff_sign_in_attempts where last_attempt_at < now() - interval '1 day'");
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
                ${activeProviderIdSql('u')} as "providerId", s.csrf_token as "csrfToken", s.expires_at as "expiresAt",
                c.suspended_at is not null as "businessSuspended"
           from staff_sessions s join staff_users u on u.id = s.staff_user_id
           join companies c on c.id = u.company_id
          where s.token_hash = $1 and s.expires_at > now()`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },

    /** The sessions that still stand: not expired, and their business not suspended (migration 0036). */
    async liveSessionHashes(tokenHashes: readonly string[], tx: Queryable = db): Promise<Set<string>> {
      const { rows } = await tx.query<{ tokenHash: string }>(
        `select s.token_hash as "tokenHash"
           from staff_sessions s join staff_users u on u.id = s.staff_user_id
           join companies c on c.id = u.company_id
          where s.token_hash = any($1::text[]) and s.expires_at > now() and c.suspended_at is null`,
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
