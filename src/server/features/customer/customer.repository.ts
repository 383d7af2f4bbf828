import type { Queryable } from '../../db/database.ts';

/** Each ended customer token is announced to every server process, which forgets it (payload: its hash). */
export const CUSTOMER_TOKENS_ENDED_CHANNEL = 'checkn_customer_tokens';

export function createCustomerRepository(db: Queryable) {
  return {
    async insertCustomer(id: string, tokenHash: string, tx: Queryable = db): Promise<void> {
      await tx.query('insert into customers (id, token_hash) values ($1, $2)', [id, tokenHash]);
    },

    /** A customer with this id, made now unless it exists (a retried desk walk-in). */
    async insertCustomerOnce(id: string, tokenHash: string, tx: Queryable = db): Promise<void> {
      await tx.query('insert into customers (id, token_hash) values ($1, $2) on conflict (id) do nothing', [
        id,
        tokenHash,
      ]);
    },

    /**
     * The token stops working: its hash is replaced by one of a token nobody holds. The customer
     * stays (their visits, texts and the desk's chat are theirs); only this device's way in ends.
     * Every process is told, since each keeps the tokens it has seen (customer.service.ts).
     */
    async replaceTokenHash(tokenHash: string, unusedHash: string, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `with ended as (update customers set token_hash = $2 where token_hash = $1 returning id)
         select pg_notify($3, $1) from ended`,
        [tokenHash, unusedHash, CUSTOMER_TOKENS_ENDED_CHANNEL],
      );
      return rows.length > 0;
    },

    async findIdByTokenHash(tokenHash: string, tx: Queryable = db): Promise<string | null> {
      const { rows } = await tx.query<{ id: string }>('select id from customers where token_hash = $1', [
        tokenHash,
      ]);
      return rows[0]?.id ?? null;
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
