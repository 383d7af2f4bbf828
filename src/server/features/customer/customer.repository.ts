import type { Queryable } from '../../db/database.ts';

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

    async findIdByTokenHash(tokenHash: string, tx: Queryable = db): Promise<string | null> {
      const { rows } = await tx.query<{ id: string }>('select id from customers where token_hash = $1', [
        tokenHash,
      ]);
      return rows[0]?.id ?? null;
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
