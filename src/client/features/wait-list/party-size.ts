import { partySizeSchema } from '../../../shared/party-size.ts';
import { firstIssue } from '../../../shared/schemas.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * What is wrong with the party size, by the server's own rule (shared/party-size.ts), or null.
 * The select offers no more than the business takes, but the business may have lowered it since
 * the page loaded: then the server's answer says so (partyProblemFromJoinError).
 */
export function checkPartySize(largestParty: number, partySize: number): string | null {
  if (partySize === 1) return null;
  const parsed = partySizeSchema(largestParty).safeParse(partySize);
  return parsed.success ? null : firstIssue(parsed.error).message;
}

/** A refused join that names the party size goes back under its field; else null. */
export function partyProblemFromJoinError(error: unknown): string | null {
  return error instanceof ApiRequestError && error.field === 'partySize' ? error.message : null;
}

/** What the join request carries: nothing for a party of one, so its join is as it always was. */
export const partySizeRequest = (partySize: number) => (partySize > 1 ? { partySize } : {});
