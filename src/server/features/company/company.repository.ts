import type { JoinField } from '../../../shared/join-fields.ts';
import type { Language } from '../../../shared/languages.ts';
import type { OpeningHours } from '../../../shared/opening-hours.ts';
import type { NearTurnChoice } from '../../../shared/schemas.ts';
import type { Provider, SmsWording } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';

export interface CompanyRow {
  id: string;
  accountId: string;
  name: string;
  location: string;
  timeZone: string;
  /**
   * The business's own wording for texts, per language (migrations/0042); a language or text
   * left out uses that language's default (features/sms/sms-texts.ts).
   */
  smsTexts: Partial<Record<Language, SmsWording>>;
  /** Minutes a provider has to answer a service request. */
  requestReplyMinutes: number;
  /** When customers who did not choose are told their turn is near (migrations/0027). */
  nearTurnDefault: NearTurnChoice;
  /** Days after a visit that customers' names and numbers are kept (docs/privacy.md). */
  retentionDays: number;
  /** Null: open around the clock (docs/opening-hours.md). */
  openingHours: OpeningHours | null;
  /** The list is paused from this instant (until pauseUntil, or until resumed); null when not. */
  pausedAt: Date | null;
  pauseMessage: string | null;
  pauseUntil: Date | null;
  maxWaiting: number | null;
  maxWaitMinutes: number | null;
  /** "Running N minutes behind" (migrations/0024); 0 on time. */
  runningBehindMinutes: number;
  /** Text a rating link when a visit is marked Done (docs/feedback.md). */
  askFeedback: boolean;
  /** Offered to a customer who rated 4 or 5; null when none. */
  reviewUrl: string | null;
  /** The business's own questions when customers join (migrations/0033), in order. */
  joinFields: JoinField[];
  /** The largest party customers may join with (migrations/0034); 1: the join form does not ask. */
  largestParty: number;
  /** The business's language (migrations/0040, docs/languages.md). */
  language: Language;
  /** Set while the install's operator has suspended the business (migrations/0036). */
  suspendedAt: Date | null;
}

export interface LogoRow {
  logo: Uint8Array | null;
  etag: string | null;
  updatedAt: Date | null;
}

export interface NewCompany {
  id: string;
  accountId: string;
  name: string;
  location: string;
  timeZone?: string;
}

export interface NewProvider {
  id: string;
  name: string;
  speciality: string;
  station: string;
}

const companyColumns = `id, account_id as "accountId", name, location, time_zone as "timeZone",
  sms_texts as "smsTexts", request_reply_minutes as "requestReplyMinutes",
  near_turn_default as "nearTurnDefault", retention_days as "retentionDays", opening_hours as "openingHours", paused_at as "pausedAt",
  pause_message as "pauseMessage", pause_until as "pauseUntil", max_waiting as "maxWaiting",
  max_wait_minutes as "maxWaitMinutes", running_behind_minutes as "runningBehindMinutes",
  ask_feedback as "askFeedback", review_url as "reviewUrl", join_fields as "joinFields",
  largest_party as "largestParty", suspended_at as "suspendedAt", language`;

export function createCompanyRepository(db: Queryable) {
  return {
    async findById(companyId: string, tx: Queryable = db): Promise<CompanyRow | null> {
      const { rows } = await tx.query<CompanyRow>(`select ${companyColumns} from companies where id = $1`, [
        companyId,
      ]);
      return rows[0] ?? null;
    },

    /**
     * The business a code typed in another case names ("DEMO" for "demo"); null when none does or
     * when two ids differ only in case (the code is then ambiguous, and the exact match is needed).
     */
    async findIdIgnoringCase(code: string): Promise<string | null> {
      const { rows } = await db.query<{ id: string }>(
        'select id from companies where lower(id) = lower($1) order by id limit 2',
        [code],
      );
      return rows.length === 1 ? (rows[0]?.id ?? null) : null;
    },

    /**
     * The business with its service names and active providers (each in the business's order), in
     * one statement: the company cache (company.service.ts) reloads them for every busy business
     * every few seconds, and three statements were most of the statements a join sent on PGlite.
     */
    async findWithLineup(
      companyId: string,
    ): Promise<{ company: CompanyRow; serviceNames: string[]; providers: Provider[] } | null> {
      const { rows } = await db.query<CompanyRow & { serviceNames: string[]; providers: Provider[] }>(
        `select ${companyColumns},
                array(select s.name from services s where s.company_id = c.id
                       order by s.position, s.name) as "serviceNames",
                coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name,
                                                            'speciality', p.speciality, 'station', p.station)
                                          order by p.position, p.name)
                            from providers p where p.company_id = c.id and p.active), '[]'::json) as providers
           from companies c where c.id = $1`,
        [companyId],
      );
      const row = rows[0];
      if (!row) return null;
      const { serviceNames, providers, ...company } = row;
      return { company, serviceNames, providers };
    },

    async listProviders(companyId: string, tx: Queryable = db): Promise<Provider[]> {
      const { rows } = await tx.query<Provider>(
        'select id, name, speciality, station from providers where company_id = $1 and active order by position, name',
        [companyId],
      );
      return rows;
    },

    /** Whether the business has uploaded its own logo, without reading the image. */
    async hasLogo(companyId: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query<{ hasLogo: boolean }>(
        'select logo is not null as "hasLogo" from companies where id = $1',
        [companyId],
      );
      return rows[0]?.hasLogo ?? false;
    },

    async findLogo(companyId: string, tx: Queryable = db): Promise<LogoRow | null> {
      const { rows } = await tx.query<LogoRow>(
        'select logo, logo_etag as etag, logo_updated_at as "updatedAt" from companies where id = $1',
        [companyId],
      );
      return rows[0] ?? null;
    },

    async insertCompany(company: NewCompany, tx: Queryable = db): Promise<void> {
      await tx.query(
        'insert into companies (id, account_id, name, location, time_zone) values ($1, $2, $3, $4, $5)',
        [
          company.id,
          company.accountId,
          company.name,
          company.location,
          company.timeZone ?? 'America/New_York',
        ],
      );
    },

    /**
     * Replaces the business's services (run it in a transaction). The services each provider does
     * (provider_services) follow: a service renamed (`previousName`) keeps its providers under its
     * new name, and one removed is dropped from their lists. A provider whose every service was
     * removed does every service again (none stored), which Settings shows.
     */
    async replaceServices(
      companyId: string,
      services: readonly (string | { name: string; durationMinutes: number; previousName?: string | null })[],
      tx: Queryable = db,
    ): Promise<void> {
      const list = services.map((service) =>
        typeof service === 'string' ? { name: service, durationMinutes: 30, previousName: null } : service,
      );
      const { rows: links } = await tx.query<{ providerId: string; serviceName: string }>(
        'delete from provider_services where company_id = $1 returning provider_id as "providerId", service_name as "serviceName"',
        [companyId],
      );
      await tx.query('delete from services where company_id = $1', [companyId]);
      await tx.query(
        `insert into services (company_id, name, position, duration_minutes)
         select $1, name, position - 1, duration_minutes
           from unnest($2::text[], $3::int[]) with ordinality as s (name, duration_minutes, position)`,
        [companyId, list.map((service) => service.name), list.map((service) => service.durationMinutes)],
      );
      if (links.length === 0) return;
      // What each stored name is now: its rename first, else itself if still offered.
      const renamed = new Map(
        list.flatMap((service) =>
          service.previousName ? [[service.previousName, service.name] as const] : [],
        ),
      );
      const offered = new Set(list.map((service) => service.name));
      const kept = new Map<string, { providerId: string; serviceName: string }>();
      for (const link of links) {
        const name =
          renamed.get(link.serviceName) ?? (offered.has(link.serviceName) ? link.serviceName : undefined);
        if (name !== undefined)
          kept.set(`${link.providerId}|${name}`, { providerId: link.providerId, serviceName: name });
      }
      await tx.query(
        `insert into provider_services (company_id, provider_id, service_name)
         select $1, provider_id, service_name from unnest($2::uuid[], $3::text[]) as v (provider_id, service_name)`,
        [
          companyId,
          [...kept.values()].map((link) => link.providerId),
          [...kept.values()].map((link) => link.serviceName),
        ],
      );
    },

    async listServiceSettings(companyId: string, tx: Queryable = db) {
      const { rows } = await tx.query<{ name: string; durationMinutes: number }>(
        'select name, duration_minutes as "durationMinutes" from services where company_id = $1 order by position, name',
        [companyId],
      );
      return rows;
    },

    async updateCompany(
      companyId: string,
      changes: {
        name: string;
        location: string;
        /** Every language's wording; empty texts are left out (the default). */
        smsTexts: Partial<Record<Language, SmsWording>>;
        /** Null keeps the current one. */
        timeZone: string | null;
        /** Null keeps the current one. */
        requestReplyMinutes: number | null;
        /** Null keeps the current one. */
        retentionDays?: number | null;
        /** Null keeps the current one. */
        nearTurnDefault?: NearTurnChoice | null;
        /** Null keeps the current one. */
        language?: Language | null;
      },
      tx: Queryable = db,
    ) {
      await tx.query(
        `update companies set name = $2, location = $3, sms_texts = $4::jsonb,
                time_zone = coalesce($5, time_zone), request_reply_minutes = coalesce($6, request_reply_minutes),
                retention_days = coalesce($7, retention_days),
                near_turn_default = coalesce($8, near_turn_default), language = coalesce($9, language)
          where id = $1`,
        [
          companyId,
          changes.name,
          changes.location,
          JSON.stringify(changes.smsTexts),
          changes.timeZone,
          changes.requestReplyMinutes,
          changes.retentionDays ?? null,
          changes.nearTurnDefault ?? null,
          changes.language ?? null,
        ],
      );
    },

    /** Settings' "Questions when customers join" (docs/join-fields.md): the whole list, in order. */
    async updateJoinFields(companyId: string, fields: JoinField[], tx: Queryable = db): Promise<void> {
      await tx.query('update companies set join_fields = $2::jsonb where id = $1', [
        companyId,
        JSON.stringify(fields),
      ]);
    },

    /** Settings' "Largest party" (docs/party-size.md). */
    async updateLargestParty(companyId: string, largestParty: number, tx: Queryable = db): Promise<void> {
      await tx.query('update companies set largest_party = $2 where id = $1', [companyId, largestParty]);
    },

    /** Settings' "Feedback after the visit" (docs/feedback.md). */
    async updateFeedbackSettings(
      companyId: string,
      settings: { askFeedback: boolean; reviewUrl: string | null },
      tx: Queryable = db,
    ) {
      await tx.query('update companies set ask_feedback = $2, review_url = $3 where id = $1', [
        companyId,
        settings.askFeedback,
        settings.reviewUrl,
      ]);
    },

    /** Whether the database can compute times in this zone (its zone list can lag behind Node's). */
    /** Settings' opening hours and caps, written whole. */
    async updateIntakeSettings(
      companyId: string,
      settings: {
        openingHours: OpeningHours | null;
        maxWaiting: number | null;
        maxWaitMinutes: number | null;
      },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        'update companies set opening_hours = $2::jsonb, max_waiting = $3, max_wait_minutes = $4 where id = $1',
        [
          companyId,
          settings.openingHours === null ? null : JSON.stringify(settings.openingHours),
          settings.maxWaiting,
          settings.maxWaitMinutes,
        ],
      );
    },

    /**
     * Pauses the list (or, with null, resumes it) and tells the business's boards in the same
     * statement (realtime/event-log.ts: numbered and sent after commit).
     */
    async setPauseAndPublish(
      companyId: string,
      pause: { at: Date; message: string | null; until: Date | null } | null,
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `with changed as (
           update companies set paused_at = $2, pause_message = $3, pause_until = $4 where id = $1 returning id
         )
         ${appendEventsSql(`select $5::text, 'intake.changed', '{}'::jsonb from changed`)}`,
        [companyId, pause?.at ?? null, pause?.message ?? null, pause?.until ?? null, boardTopic],
      );
    },

    async databaseKnowsTimeZone(zone: string): Promise<boolean> {
      const { rows } = await db.query('select 1 from pg_timezone_names where name = $1', [zone]);
      return rows.length > 0;
    },

    async updateProvider(companyId: string, provider: NewProvider, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `update providers set name = $3, speciality = $4, station = $5
          where id = $1 and company_id = $2 and active returning id`,
        [provider.id, companyId, provider.name, provider.speciality, provider.station],
      );
      return rows.length > 0;
    },

    /** Providers are never deleted: past waits still name who served them. */
    /**
     * The provider stops working here (kept, inactive, for the history). The sessions of accounts
     * that spoke for them end in the same statement: their open consoles, which still act and see
     * as that provider, close at once on every process (migration 0008's announcement).
     */
    async deactivateProvider(companyId: string, providerId: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `with gone as (
           update providers set active = false where id = $1 and company_id = $2 and active returning id
         ), sessions as (
           delete from staff_sessions
            where staff_user_id in (select u.id from staff_users u join gone on u.provider_id = gone.id
                                     where u.company_id = $2)
         )
         select id from gone`,
        [providerId, companyId],
      );
      return rows.length > 0;
    },

    async nextProviderPosition(companyId: string, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query<{ next: number }>(
        'select coalesce(max(position), -1)::int + 1 as next from providers where company_id = $1',
        [companyId],
      );
      return rows[0]?.next ?? 0;
    },

    async insertProvider(companyId: string, provider: NewProvider, position: number, tx: Queryable = db) {
      await tx.query(
        'insert into providers (id, company_id, name, speciality, station, position) values ($1, $2, $3, $4, $5, $6)',
        [provider.id, companyId, provider.name, provider.speciality, provider.station, position],
      );
    },

    async saveLogo(companyId: string, jpeg: Uint8Array, etag: string, tx: Queryable = db): Promise<void> {
      await tx.query(
        'update companies set logo = $2, logo_etag = $3, logo_updated_at = now() where id = $1',
        [companyId, jpeg, etag],
      );
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
