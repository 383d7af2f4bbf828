import type { WaitStatus } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';

export interface NewWaitEntry {
  id: string;
  companyId: string;
  customerId: string;
  idempotencyKey: string;
  serviceType: string;
  name: string;
  phoneNumber: string;
  allowSms: boolean;
  fcmToken: string | null;
}

export interface WaitEntryRow {
  waitId: string;
  companyId: string;
  companyName: string;
  customerId: string;
  serviceType: string;
  name: string;
  phoneNumber: string;
  allowSms: boolean;
  date: Date;
  status: WaitStatus;
  providerId: string | null;
  providerName: string | null;
  providerStation: string | null;
}

export function createWaitListRepository(db: Queryable) {
  return {
    /**
     * Inserts the entry unless this customer already sent this idempotency key, and returns the
     * id of the entry that stands either way: a retried join lands on the first one.
     */
    async insertOnce(entry: NewWaitEntry, tx: Queryable = db): Promise<{ waitId: string; created: boolean }> {
      const { rows } = await tx.query<{ waitId: string; created: boolean }>(
        `with inserted as (
           insert into wait_entries
             (id, company_id, customer_id, idempotency_key, service_type, name, phone_number, allow_sms, fcm_token)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           on conflict (customer_id, idempotency_key) do nothing
           returning id
         )
         select id as "waitId", true as created from inserted
         union all
         select id as "waitId", false as created from wait_entries
          where customer_id = $3 and idempotency_key = $4 and not exists (select 1 from inserted)`,
        [
          entry.id,
          entry.companyId,
          entry.customerId,
          entry.idempotencyKey,
          entry.serviceType,
          entry.name,
          entry.phoneNumber,
          entry.allowSms,
          entry.fcmToken,
        ],
      );
      if (rows[0]) return rows[0];
      // A concurrent request with the same key committed after this statement's snapshot was
      // taken (PostgreSQL, READ COMMITTED): its row is visible to a new statement.
      const existing = await tx.query<{ waitId: string }>(
        'select id as "waitId" from wait_entries where customer_id = $1 and idempotency_key = $2',
        [entry.customerId, entry.idempotencyKey],
      );
      if (!existing.rows[0]) throw new Error('wait entry neither inserted nor found');
      return { waitId: existing.rows[0].waitId, created: false };
    },

    async findById(waitId: string, tx: Queryable = db): Promise<WaitEntryRow | null> {
      const { rows } = await tx.query<WaitEntryRow>(
        `select w.id as "waitId", w.company_id as "companyId", c.name as "companyName",
                w.customer_id as "customerId", w.service_type as "serviceType", w.name,
                w.phone_number as "phoneNumber", w.allow_sms as "allowSms", w.date, w.status,
                p.id as "providerId", p.name as "providerName", p.station as "providerStation"
           from wait_entries w
           join companies c on c.id = w.company_id
           left join providers p on p.id = w.provider_id
          where w.id = $1`,
        [waitId],
      );
      return rows[0] ?? null;
    },
  };
}

export type WaitListRepository = ReturnType<typeof createWaitListRepository>;
