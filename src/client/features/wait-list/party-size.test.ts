import { describe, expect, it } from 'vitest';
import { checkPartySize, partySizeRequest } from './party-size.ts';

/** The join forms' check of "People in your party" (docs/party-size.md), before anything is sent. */
describe('checkPartySize', () => {
  it('passes a party the business takes, and one person always', () => {
    expect(checkPartySize(4, 3)).toBeNull();
    expect(checkPartySize(4, 4)).toBeNull();
    expect(checkPartySize(1, 1)).toBeNull();
  });

  it('stops a party larger than the business now takes (its setting was lowered since the page loaded)', () => {
    expect(checkPartySize(2, 3)).toBe('This business takes parties of up to 2 people.');
    expect(checkPartySize(1, 2)).toBe(
      'This business takes one person per join: please join each person on their own.',
    );
  });
});

describe('partySizeRequest', () => {
  it('sends nothing for a party of one, so its join is as it always was', () => {
    expect(partySizeRequest(1)).toEqual({});
    expect(partySizeRequest(3)).toEqual({ partySize: 3 });
  });
});
