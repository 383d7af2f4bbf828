import type { Queryable } from '../../db/database.ts';
import type { PushSubscription } from '../../push/push-sender.ts';

/** A customer's browsers (a phone, a tablet...) that may be notified for one business. */
export const MAX_SUBSCRIPTIONS = 3;

export function createPushRepository(db: Queryable) {
  return {
    async readSetting(key: string): Promise<string | null> {
      const { rows } = await db.query<{ value: string }>('select value from app_settings where key = $1', [
        key,
      ]);
      return rows[0]?.value ?? null;
    },

    /** Stores a value unless another process stored one first; returns the one that stands. */
    async writeSettingOnce(key: string, value: string): Promise<string> {
      await db.query('insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
        key,
        value,
      ]);
      return (await this.readSetting(key))!;
    },

    async saveSubscription(
      companyId: string,
      customerId: string,
      subscription: PushSubscription,
    ): Promise<void> {
      // At most MAX_SUBSCRIPTIONS per customer and business, the newest: each is tried in turn at
      // every notification, so one customer must not make a call wait on hundreds of requests.
      await db.query(
        `with saved as (
           insert into push_subscriptions (endpoint, company_id, customer_id, p256dh, auth) values ($1, $2, $3, $4, $5)
           on conflict (endpoint) do update set company_id = $2, customer_id = $3, p256dh = $4, auth = $5, date = now()
           returning endpoint
         )
         delete from push_subscriptions
          where customer_id = $3 and company_id = $2 and endpoint <> (select endpoint from saved)
            and endpoint not in (select endpoint from push_subscriptions
                                  where customer_id = $3 and company_id = $2 and endpoint <> $1
                                  order by date desc limit ${MAX_SUBSCRIPTIONS - 1})`,
        [subscription.endpoint, companyId, customerId, subscription.keys.p256dh, subscription.keys.auth],
      );
    },

    async listForCustomer(customerId: string, companyId: string): Promise<PushSubscription[]> {
      const { rows } = await db.query<{ endpoint: string; p256dh: string; auth: string }>(
        'select endpoint, p256dh, auth from push_subscriptions where customer_id = $1 and company_id = $2',
        [customerId, companyId],
      );
      return rows.map((row) => ({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
    },

    async deleteSubscription(endpoint: string): Promise<void> {
      await db.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
