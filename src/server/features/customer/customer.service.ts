import { createHash, randomUUID } from 'node:crypto';
import type { CustomerSession } from '../../../shared/schemas.ts';
import type { Database } from '../../db/database.ts';
import { hashSecretToken, isWellFormedSecretToken, newSecretToken } from '../../http/secret-token.ts';
import { CUSTOMER_TOKENS_ENDED_CHANNEL, type CustomerRepository } from './customer.repository.ts';

/**
 * Anonymous identity (spec §1 "start-up behaviour"): the first visit gets a customer id and a
 * secret token that the browser keeps; the server stores only the token's hash (secret-token.ts).
 */

/** Token → customer id, kept per process: a customer's token never changes and is read on every call. */
const KNOWN_TOKENS_MAX = 50_000;

export function createCustomerService(customers: CustomerRepository) {
  const knownTokens = new Map<string, string>();

  return {
    async signInAnonymously(): Promise<CustomerSession> {
      const customerId = randomUUID();
      const token = newSecretToken();
      await customers.insertCustomer(customerId, hashSecretToken(token));
      return { customerId, token };
    },

    /**
     * The customer identity of a walk-in the desk adds, the same for the same request (`key`), so
     * a retried request lands on the first entry (wait_entries' unique customer and key). No
     * device holds its token: only the desk acts for this customer.
     */
    async deskCustomer(key: string): Promise<string> {
      const hex = createHash('sha256').update(`desk-walk-in:${key}`).digest('hex');
      const customerId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      await customers.insertCustomerOnce(customerId, hashSecretToken(newSecretToken()));
      return customerId;
    },

    /**
     * Ends this device's anonymous session (the kiosk between guests, issue 22): the token no
     * longer reads the customer's pages or acts for them, on any process.
     */
    async endSession(token: string): Promise<void> {
      if (!isWellFormedSecretToken(token)) return;
      const tokenHash = hashSecretToken(token);
      await customers.replaceTokenHash(tokenHash, hashSecretToken(newSecretToken()));
      knownTokens.delete(tokenHash);
    },

    /**
     * Forgets each token another process ended (a lost listening connection may have missed some:
     * then every remembered one, which costs a read each).
     */
    followEndedTokens: (db: Pick<Database, 'listen'>): Promise<() => Promise<void>> =>
      db.listen(
        CUSTOMER_TOKENS_ENDED_CHANNEL,
        (tokenHash) => knownTokens.delete(tokenHash),
        () => knownTokens.clear(),
      ),

    async findCustomerIdByToken(token: string): Promise<string | null> {
      if (!isWellFormedSecretToken(token)) return null;
      const tokenHash = hashSecretToken(token);
      const known = knownTokens.get(tokenHash);
      if (known) return known;
      const customerId = await customers.findIdByTokenHash(tokenHash);
      if (customerId) {
        // Insertion order makes the oldest entry the first to go.
        if (knownTokens.size >= KNOWN_TOKENS_MAX) knownTokens.delete(knownTokens.keys().next().value!);
        knownTokens.set(tokenHash, customerId);
      }
      return customerId;
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
