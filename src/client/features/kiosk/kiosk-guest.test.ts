import { describe, expect, it } from 'vitest';
import { forgetGuest } from './kiosk-guest.ts';

describe('forgetGuest', () => {
  it("removes the guest's customer token, name, phone and choices, and nothing of the device", () => {
    const removed: string[] = [];
    forgetGuest((area, key) => removed.push(`${area}:${key}`));
    expect(removed.sort()).toEqual(
      [
        'local:checkn.customerSession',
        'local:checkn.userName',
        'local:checkn.userPhone',
        'local:checkn.lastServiceByBusiness',
        'session:checkn.joinedVisits',
        'session:checkn.selectedService',
      ].sort(),
    );
  });
});
