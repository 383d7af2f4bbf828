import type { JoinWaitListRequest } from '../../src/shared/schemas.ts';

let counter = 0;

/** A valid join request; override any field. */
export function buildJoinRequest(overrides: Partial<JoinWaitListRequest> = {}): JoinWaitListRequest {
  counter += 1;
  return {
    serviceType: 'Facials',
    name: `Walk-in ${counter}`,
    phoneNumber: '+14155550123',
    ...overrides,
  };
}

export function idempotencyKey(): string {
  counter += 1;
  return `test-${Date.now()}-${counter}`;
}
