import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { DEMO_OWNER } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import { apiErrorSchema, staffMeSchema } from '../../src/shared/schemas.ts';
import { buildSendMessage, joinAsNewCustomer } from '../support/customer.ts';
import { countTopicEvents } from '../support/events.ts';
import { freshAddress, STAFF_COOKIE_NAME, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(databaseKinds)('staff sign-in on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  function signIn(email: string, password: string, remoteAddress = freshAddress()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-in',
      payload: { email, password },
      remoteAddress,
    });
  }

  async function createStaff(email: string, password: string): Promise<string> {
    return createStaffService(createStaffRepository(t.database.db)).createStaffUser({
      companyId: 'demo',
      email,
      name: 'Pat Provider',
      password,
      role: 'provider',
    });
  }

  async function staffRow(email: string) {
    const { rows } = await t.database.db.query<{
      id: string;
      password_hash: string;
      failed_sign_ins: number;
      throttled_until: Date | null;
    }>('select id, password_hash, failed_sign_ins, throttled_until from staff_users where email = $1', [
      email,
    ]);
    return rows[0]!;
  }

  it('returns the StaffMe shape and sets an HttpOnly, SameSite=Lax, Path=/ session cookie', async () => {
    const response = await signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    expect(response.statusCode).toBe(200);
    const me = staffMeSchema.parse(response.json());
    const owner = await staffRow(DEMO_OWNER.email);
    expect(me).toEqual({
      id: owner.id,
      name: 'Demo Owner',
      email: 'owner@demo.test',
      role: 'owner',
      companyId: 'demo',
      companyName: 'Bella Demo Salon',
      providerId: null,
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${STAFF_COOKIE_NAME}=[A-Za-z0-9_-]{43};`));
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    // PUBLIC_URL defaults to http://localhost: a Secure cookie would never come back.
    expect(attributes).not.toContain('secure');

    // The database keeps a hash of the token, next to the CSRF token it returned.
    const token = response.cookies.find((c) => c.name === STAFF_COOKIE_NAME)!.value;
    const { rows } = await t.database.db.query<{
      token_hash: string;
      csrf_token: string;
      staff_user_id: string;
    }>('select token_hash, csrf_token, staff_user_id from staff_sessions where token_hash = $1', [
      sha256(token),
    ]);
    expect(rows).toEqual([{ token_hash: sha256(token), csrf_token: me.csrfToken, staff_user_id: owner.id }]);
    const { rows: clear } = await t.database.db.query('select 1 from staff_sessions where token_hash = $1', [
      token,
    ]);
    expect(clear).toHaveLength(0);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const response = await signIn('  OWNER@Demo.Test ', DEMO_OWNER.password);
    expect(response.statusCode).toBe(200);
    expect(staffMeSchema.parse(response.json()).email).toBe('owner@demo.test');
  });

  it('answers /me with the cookie and 401 without it or with a made-up one', async () => {
    const session = await signInStaff(t.app);
    const me = await t.app.inject({ url: '/api/v1/staff/me', headers: { cookie: session.cookie } });
    expect(me.statusCode).toBe(200);
    expect(staffMeSchema.parse(me.json())).toEqual(session.me);

    const without = await t.app.inject({ url: '/api/v1/staff/me' });
    expect(without.statusCode).toBe(401);
    expect(apiErrorSchema.parse(without.json()).error.code).toBe('STAFF_UNAUTHENTICATED');

    for (const cookie of [
      `${STAFF_COOKIE_NAME}=${'a'.repeat(43)}`,
      `${STAFF_COOKIE_NAME}=short`,
      'other=1',
    ]) {
      const response = await t.app.inject({ url: '/api/v1/staff/me', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(401);
    }
  });

  it('answers a wrong password and an unknown email alike, with 401 SIGN_IN_FAILED', async () => {
    const email = 'wrong-pw@demo.test';
    await createStaff(email, 'right-password');
    const wrong = await signIn(email, 'not-the-password');
    const unknown = await signIn('nobody@demo.test', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const wrongBody = apiErrorSchema.parse(wrong.json());
    expect(wrongBody.error.code).toBe('SIGN_IN_FAILED');
    expect(apiErrorSchema.parse(unknown.json())).toEqual(wrongBody);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await staffRow(email)).failed_sign_ins).toBe(1);
  });

  it('throttles after five failures: the sixth try answers 429 even with the right password', async () => {
    const email = 'throttled@demo.test';
    await createStaff(email, 'right-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await signIn(email, `wrong-${attempt}`);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('SIGN_IN_FAILED');
    }
    const sixth = await signIn(email, 'right-password');
    expect(sixth.statusCode).toBe(429);
    expect(apiErrorSchema.parse(sixth.json()).error.code).toBe('SIGN_IN_THROTTLED');
    expect(sixth.headers['set-cookie']).toBeUndefined();

    const row = await staffRow(email);
    expect(row.failed_sign_ins).toBe(5);
    expect(row.throttled_until).not.toBeNull();
    const { rows } = await t.database.db.query<{ future: boolean }>(
      'select throttled_until > now() as future from staff_users where email = $1',
      [email],
    );
    expect(rows[0]!.future).toBe(true);
    const { rows: sessions } = await t.database.db.query(
      'select 1 from staff_sessions s join staff_users u on u.id = s.staff_user_id where u.email = $1',
      [email],
    );
    expect(sessions).toHaveLength(0);
  });

  it('counts wrong guesses sent at once: after ten together, the right password is refused', async () => {
    const email = 'burst@demo.test';
    await createStaff(email, 'right-password');
    const burst = await Promise.all(Array.from({ length: 10 }, (_, n) => signIn(email, `wrong-${n}`)));
    for (const response of burst) expect([401, 429]).toContain(response.statusCode);
    const row = await staffRow(email);
    expect(row.failed_sign_ins).toBeGreaterThanOrEqual(5);
    // Five failures throttle the account, however they arrived.
    expect(row.throttled_until).not.toBeNull();
    const right = await signIn(email, 'right-password');
    expect(right.statusCode).toBe(429);
    expect(apiErrorSchema.parse(right.json()).error.code).toBe('SIGN_IN_THROTTLED');
  });

  it('clears the failure count on a successful sign-in before the limit', async () => {
    const email = 'recovers@demo.test';
    await createStaff(email, 'right-password');
    await signIn(email, 'wrong');
    await signIn(email, 'wrong');
    expect((await staffRow(email)).failed_sign_ins).toBe(2);
    expect((await signIn(email, 'right-password')).statusCode).toBe(200);
    const row = await staffRow(email);
    expect(row.failed_sign_ins).toBe(0);
    expect(row.throttled_until).toBeNull();
  });

  it.each<[string, unknown]>([
    ['a NUL in the email', { email: 'owner\u0000@demo.test', password: 'x' }],
    ['a NUL in the password', { email: DEMO_OWNER.email, password: 'demo\u0000owner' }],
    ['an over-long email', { email: 'x'.repeat(300), password: 'x' }],
    ['an over-long password', { email: DEMO_OWNER.email, password: 'x'.repeat(201) }],
    ['a number for the email', { email: 42, password: 'x' }],
    ['no password', { email: DEMO_OWNER.email }],
    ['an array', []],
    ['null', null],
  ])('never answers 500 to a sign-in with %s', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    apiErrorSchema.parse(response.json());
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  describe('CSRF', () => {
    it('refuses a board action without or with a wrong x-csrf-token, and changes nothing', async () => {
      const session = await signInStaff(t.app);
      const customer = await joinAsNewCustomer(t);
      const before = await t.database.db.query(
        'select status, called_at, updated_at from wait_entries where id = $1',
        [customer.waitId],
      );
      const eventsBefore = await countTopicEvents(t.database.db, topics.wait(customer.waitId));

      const attempts: Record<string, string>[] = [
        { cookie: session.cookie },
        { cookie: session.cookie, 'x-csrf-token': '' },
        { cookie: session.cookie, 'x-csrf-token': 'wrong-token' },
        // The real token with its last character changed (to one it surely is not).
        {
          cookie: session.cookie,
          'x-csrf-token': `${session.me.csrfToken.slice(0, -1)}${session.me.csrfToken.endsWith('x') ? 'y' : 'x'}`,
        },
      ];
      for (const headers of attempts) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/staff/wait-entries/${customer.waitId}/call`,
          headers,
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('CSRF_FAILED');
      }
      const assign = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/staff/wait-entries/${customer.waitId}/provider`,
        headers: { cookie: session.cookie },
        payload: { providerId: null },
      });
      expect(assign.statusCode).toBe(403);

      const after = await t.database.db.query(
        'select status, called_at, updated_at from wait_entries where id = $1',
        [customer.waitId],
      );
      expect(after.rows).toEqual(before.rows);
      // A change would have told the entry's page.
      expect(await countTopicEvents(t.database.db, topics.wait(customer.waitId))).toBe(eventsBefore);
    });

    it('refuses a staff chat message and a sign-out without the header, storing and deleting nothing', async () => {
      const session = await signInStaff(t.app);
      const customer = await joinAsNewCustomer(t);
      const message = await t.app.inject({
        method: 'POST',
        url: '/api/v1/functions/sendMessage',
        headers: { cookie: session.cookie },
        payload: buildSendMessage(customer, { message: 'no csrf' }),
      });
      expect(message.statusCode).toBe(403);
      expect(apiErrorSchema.parse(message.json()).error.code).toBe('CSRF_FAILED');
      const { rows: messages } = await t.database.db.query(
        'select 1 from chat_messages where thread_key = $1',
        [customer.chatThreadKey],
      );
      expect(messages).toHaveLength(0);

      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/sign-out',
        headers: { cookie: session.cookie, 'x-csrf-token': 'nope' },
      });
      expect(signOut.statusCode).toBe(403);
      const { rows: sessions } = await t.database.db.query(
        'select 1 from staff_sessions where token_hash = $1',
        [sha256(session.token)],
      );
      expect(sessions).toHaveLength(1);
    });
  });

  it('signs out: deletes the session row, clears the cookie, and the old cookie no longer works', async () => {
    const session = await signInStaff(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-out',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === STAFF_COOKIE_NAME);
    expect(cleared?.value).toBe('');
    const { rows } = await t.database.db.query('select 1 from staff_sessions where token_hash = $1', [
      sha256(session.token),
    ]);
    expect(rows).toHaveLength(0);

    const me = await t.app.inject({ url: '/api/v1/staff/me', headers: { cookie: session.cookie } });
    expect(me.statusCode).toBe(401);
    const board = await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers });
    expect(board.statusCode).toBe(401);
  });

  it('signing out one session leaves the others', async () => {
    const first = await signInStaff(t.app);
    const second = await signInStaff(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/staff/sign-out', headers: first.headers });
    expect(
      (await t.app.inject({ url: '/api/v1/staff/me', headers: { cookie: second.cookie } })).statusCode,
    ).toBe(200);
  });

  it('stores passwords as scrypt hashes, never in clear', async () => {
    const password = 'correct horse battery staple';
    await createStaff('hashed@demo.test', password);
    const { rows } = await t.database.db.query<Record<string, unknown>>('select * from staff_users');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
      const text = JSON.stringify(row);
      expect(text).not.toContain(password);
      expect(text).not.toContain(DEMO_OWNER.password);
    }
    const hashed = await staffRow('hashed@demo.test');
    const again = await staffRow(DEMO_OWNER.email);
    expect(hashed.password_hash).not.toBe(again.password_hash);
    expect((await signIn('hashed@demo.test', password)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('staff cookie behind https on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://salon.example' } });
  });
  afterAll(async () => t?.close());

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-in',
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    expect(response.statusCode).toBe(200);
    const attributes = String(response.headers['set-cookie'])
      .split(';')
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
  });
});
