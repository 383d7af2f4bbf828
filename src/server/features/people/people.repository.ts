import type { StaffRole } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';

/** A provider account's provider, while active (a removed provider leaves the account unlinked). */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  providerId: string | null;
  providerName: string | null;
  invited: boolean;
  linkExpiresAt: Date | null;
}

export type StaffLinkKind = 'invite' | 'reset';

export interface StaffLinkRow {
  kind: StaffLinkKind;
  staffUserId: string;
  name: string;
  email: string;
  companyName: string;
}

const memberColumns = `u.id, u.name, u.email, u.role, p.id as "providerId", p.name as "providerName",
  u.password_hash is null as invited,
  (select max(l.expires_at) from staff_links l where l.staff_user_id = u.id and l.expires_at > now())
    as "linkExpiresAt"`;

/** Any fixed number: the first key of lockTeam's advisory lock (the business is the second). */
export const TEAM_LOCK_CLASS = 72_410_002;

/** $3, a member of business $1 other than the row `u` changed, is an owner who can sign in. */
const STILL_AN_OWNER_SQL = `$3::uuid <> u.id and exists (
  select 1 from staff_users o
   where o.company_id = $1 and o.id = $3 and o.role = 'owner' and o.password_hash is not null)`;

/** The business's staff accounts and their one-time links (migration 0010). */
export function createPeopleRepository(db: Queryable) {
  return {
    async listMembers(companyId: string, tx: Queryable = db): Promise<MemberRow[]> {
      const { rows } = await tx.query<MemberRow>(
        `select ${memberColumns}
           from staff_users u left join providers p on p.id = u.provider_id and p.active
          where u.company_id = $1
          order by case u.role when 'owner' then 0 when 'front_desk' then 1 else 2 end, lower(u.name), u.email`,
        [companyId],
      );
      return rows;
    },

    async findMember(companyId: string, staffUserId: string, tx: Queryable = db): Promise<MemberRow | null> {
      const { rows } = await tx.query<MemberRow>(
        `select ${memberColumns}
           from staff_users u left join providers p on p.id = u.provider_id and p.active
          where u.company_id = $1 and u.id = $2`,
        [companyId, staffUserId],
      );
      return rows[0] ?? null;
    },

    /**
     * A member without a password: they choose one through their invite link. False if this
     * business already has someone with that email; an account at another business is no conflict
     * (migration 0016).
     */
    async insertInvitedMember(
      member: {
        id: string;
        companyId: string;
        name: string;
        email: string;
        role: StaffRole;
        providerId: string | null;
      },
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        `insert into staff_users (id, company_id, email, name, password_hash, role, provider_id)
         values ($1, $2, $3, $4, null, $5, $6)
         on conflict (email, company_id) do nothing returning id`,
        [member.id, member.companyId, member.email, member.name, member.role, member.providerId],
      );
      return rows.length > 0;
    },

    /** The member's only open link from now on: an older one stops working. */
    async replaceLink(
      link: { tokenHash: string; staffUserId: string; kind: StaffLinkKind; expiresAt: Date },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `with older as (delete from staff_links where staff_user_id = $2)
         insert into staff_links (token_hash, staff_user_id, kind, expires_at) values ($1, $2, $3, $4)`,
        [link.tokenHash, link.staffUserId, link.kind, link.expiresAt],
      );
    },

    /** An open link's member, or null (unknown, used or expired: all look the same). */
    async findLink(tokenHash: string, tx: Queryable = db): Promise<StaffLinkRow | null> {
      const { rows } = await tx.query<StaffLinkRow>(
        `select l.kind, u.id as "staffUserId", u.name, u.email, c.name as "companyName"
           from staff_links l join staff_users u on u.id = l.staff_user_id join companies c on c.id = u.company_id
          where l.token_hash = $1 and l.expires_at > now()`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },

    /**
     * Uses the link once: sets the member's password and ends every session they had (a reset
     * link is given when a password may be known to someone else). Null if the link is not open.
     */
    async useLink(tokenHash: string, passwordHash: string, tx: Queryable = db): Promise<string | null> {
      const { rows } = await tx.query<{ staffUserId: string }>(
        `with used as (
           delete from staff_links where token_hash = $1 and expires_at > now() returning staff_user_id
         ), sessions as (
           delete from staff_sessions where staff_user_id in (select staff_user_id from used)
         )
         update staff_users u set password_hash = $2 from used where u.id = used.staff_user_id
         returning u.id as "staffUserId"`,
        [tokenHash, passwordHash],
      );
      return rows[0]?.staffUserId ?? null;
    },

    /**
     * Held to the end of the transaction by every change that can take an owner away (a removal,
     * a reset), so two owners acting on each other at once take turns: the second one's statement
     * then sees the first one's change (issue 22: both were removed, and the business had no owner).
     */
    async lockTeam(companyId: string, tx: Queryable): Promise<void> {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [TEAM_LOCK_CLASS, companyId]);
    },

    /**
     * A reset: the password stops working and every session ends (their sockets close, migration
     * 0008), until the member uses their new link. Only while `byOwner` is still an owner who can
     * sign in (see lockTeam). False if no such member at this business, or the owner no longer is.
     */
    async clearPassword(
      change: { companyId: string; staffUserId: string; byOwner: string },
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        `with cleared as (
           update staff_users u set password_hash = null
            where u.company_id = $1 and u.id = $2 and ${STILL_AN_OWNER_SQL}
           returning u.id
         ), sessions as (
           delete from staff_sessions where staff_user_id in (select id from cleared)
         )
         select id from cleared`,
        [change.companyId, change.staffUserId, change.byOwner],
      );
      return rows.length > 0;
    },

    /**
     * Removes the account; its sessions go with it (and their sockets close, migration 0008).
     * Only while `byOwner`, another member, is still an owner who can sign in, so the business
     * always keeps one (see lockTeam). False if no such member, or the owner no longer is.
     */
    async deleteMember(
      change: { companyId: string; staffUserId: string; byOwner: string },
      tx: Queryable = db,
    ): Promise<boolean> {
      const { rows } = await tx.query(
        `delete from staff_users u where u.company_id = $1 and u.id = $2 and ${STILL_AN_OWNER_SQL}
         returning u.id`,
        [change.companyId, change.staffUserId, change.byOwner],
      );
      return rows.length > 0;
    },

    /** A member's own new password; every other session of theirs ends. */
    async changePassword(
      change: { staffUserId: string; newHash: string; keepSessionHash: string },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `with changed as (update staff_users set password_hash = $2 where id = $1 returning id)
         delete from staff_sessions where staff_user_id in (select id from changed) and token_hash <> $3`,
        [change.staffUserId, change.newHash, change.keepSessionHash],
      );
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
