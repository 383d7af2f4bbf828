/**
 * Party size (issue 24 item 7, docs/party-size.md): a customer joins with the people who came with
 * them, one wait entry each, linked as a party. The business sets the largest party it takes
 * ("Largest party" in Settings); 1, the default, and the join form does not ask. One rule for the
 * join forms and the server. zod/mini, like schemas.ts: the user-info page loads this.
 */
import * as z from 'zod/mini';

/** The largest "Largest party" an owner may set: a table of eight, as the model does. */
export const PARTY_SIZE_LIMIT = 8;

/** What a join may carry before the business's setting is known: absent is a party of one. */
export const partySizeInputSchema = z.optional(
  z
    .number('Choose how many people are in your party')
    .check(
      z.int('Choose how many people are in your party'),
      z.minimum(1, 'A party has at least 1 person'),
      z.maximum(PARTY_SIZE_LIMIT, `A party can be at most ${PARTY_SIZE_LIMIT} people`),
    ),
);

/** What the business refuses above its setting, in the words the join forms show under the field. */
export const partyTooLargeMessage = (largestParty: number) =>
  largestParty === 1
    ? 'This business takes one person per join: please join each person on their own.'
    : `This business takes parties of up to ${largestParty} people.`;

/** A party size this business takes: 1 to its "Largest party". The forms and the server run it. */
export function partySizeSchema(largestParty: number) {
  return z
    .number('Choose how many people are in your party')
    .check(
      z.int('Choose how many people are in your party'),
      z.minimum(1, 'A party has at least 1 person'),
      z.maximum(largestParty, partyTooLargeMessage(largestParty)),
    );
}

/**
 * A member's name on the board: the lead by the name they gave, the others after it ("Anna +1",
 * "Anna +2"). The join's SQL writes the same (wait-list.repository.ts), this is its twin for tests
 * and the docs.
 */
export const partyMemberName = (leadName: string, position: number) =>
  position === 1 ? leadName : `${leadName} +${position - 1}`;

/** A party as the board and the customer's page read it: null for a party of one. */
export const partySchema = z.nullable(
  z.object({
    /** The lead's wait id, which every member carries. */
    id: z.string(),
    /** 1 for the lead, then in line order. */
    position: z.number(),
    size: z.number(),
  }),
);
export type Party = z.infer<typeof partySchema>;
