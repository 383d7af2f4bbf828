import { describe, expect, it } from 'vitest';
import { PARTY_SIZE_LIMIT, partyMemberName, partySizeInputSchema, partySizeSchema } from './party-size.ts';

describe('partySizeSchema', () => {
  it("takes 1 up to the business's largest party", () => {
    for (const size of [1, 2, 3, 4]) expect(partySizeSchema(4).parse(size)).toBe(size);
  });

  it('refuses more, in the words the join forms show under the field', () => {
    const refused = partySizeSchema(4).safeParse(5);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('This business takes parties of up to 4 people.');
    expect(partySizeSchema(1).safeParse(2).error?.issues[0]?.message).toBe(
      'This business takes one person per join: please join each person on their own.',
    );
  });

  it('refuses no one, a part of a person, and a number that is not one', () => {
    for (const size of [0, -1, 2.5, Number.NaN, '3'])
      expect(partySizeSchema(8).safeParse(size).success).toBe(false);
  });
});

describe('partySizeInputSchema', () => {
  it('leaves a party of one unsaid, and bounds any party by the largest a business may set', () => {
    expect(partySizeInputSchema.parse(undefined)).toBeUndefined();
    expect(partySizeInputSchema.safeParse(PARTY_SIZE_LIMIT).success).toBe(true);
    expect(partySizeInputSchema.safeParse(PARTY_SIZE_LIMIT + 1).success).toBe(false);
  });
});

describe('partyMemberName', () => {
  it('names the lead as they gave it, the others after it', () => {
    expect([1, 2, 3].map((position) => partyMemberName('Anna', position))).toEqual([
      'Anna',
      'Anna +1',
      'Anna +2',
    ]);
  });
});
