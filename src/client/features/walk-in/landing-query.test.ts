import { describe, expect, it } from 'vitest';
import { readLandingQuery } from './landing-query.ts';

const SERVICES = ['Facials', "Women's Haircut/Style"];

describe('the landing page query of a tap made before its scripts ran', () => {
  it('takes a service of the business, and carries the other parameters along', () => {
    expect(readLandingQuery('?rwg_token=ad&service=Facials', SERVICES)).toEqual({
      pickedService: 'Facials',
      nextWithoutService: false,
      carried: [['rwg_token', 'ad']],
    });
  });

  it('picks nothing from a service the business does not offer (a typed or old link)', () => {
    expect(readLandingQuery('?service=Tattoo', SERVICES).pickedService).toBeNull();
    // Next with an unknown service is Next with none: the page says to pick one.
    expect(readLandingQuery('?service=Tattoo&next=1', SERVICES)).toMatchObject({
      pickedService: null,
      nextWithoutService: true,
    });
  });

  it('says Next was pressed without a service only when none was picked', () => {
    expect(readLandingQuery('?next=1', SERVICES).nextWithoutService).toBe(true);
    expect(readLandingQuery('?next=1&service=Facials', SERVICES).nextWithoutService).toBe(false);
    expect(readLandingQuery('', SERVICES)).toEqual({
      pickedService: null,
      nextWithoutService: false,
      carried: [],
    });
  });
});
