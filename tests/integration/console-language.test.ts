import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api-error.ts';
import { createBusiness, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/**
 * Issue 27: "the console follows each staff member's choice". Chosen on Your account, the
 * language is the member's, on every device they sign in on; never another member's.
 */
describe.each(databaseKinds)("each staff member's console language on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('keeps the language a member chose, for their next sign-in on any device, and theirs alone', async () => {
    const business = await createBusiness(t.database.db, { services: ['Cut'] });
    const phone = await signInStaff(t.app, business.owner);
    // Never chosen: the console follows the device.
    expect(phone.me.language).toBeNull();

    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/me/language',
      headers: phone.headers,
      payload: { language: 'es' },
    });
    expect(chosen.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/staff/me', headers: phone.headers });
    expect(me.json().language).toBe('es');
    // Another device: the sign-in answers with the member's language.
    const tablet = await signInStaff(t.app, business.owner);
    expect(tablet.me.language).toBe('es');
    // The demo business's owner chose nothing.
    const other = await signInStaff(t.app);
    expect(other.me.language).toBeNull();
  });

  it('refuses a language the console does not speak, and a change without the CSRF token', async () => {
    const business = await createBusiness(t.database.db, { services: ['Cut'] });
    const session = await signInStaff(t.app, business.owner);
    const choose = (payload: Record<string, unknown>, headers: Record<string, string> = session.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/staff/me/language', headers, payload });
    // Vietnamese is a customer-page language only.
    expect((await choose({ language: 'vi' })).statusCode).toBe(400);
    expect((await choose({ language: 'fr' })).statusCode).toBe(400);
    expectApiError(await choose({ language: 'es' }, { cookie: session.cookie }), 403, 'CSRF_FAILED');
    const { rows } = await t.database.db.query<{ language: string | null }>(
      'select language from staff_users where id = $1',
      [session.me.id],
    );
    expect(rows[0]?.language).toBeNull();
  });
});
