import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService, SIGN_IN_THROTTLE } from '../../src/server/features/staff/staff.service.ts';
import { DEMO_OWNER } from '../../src/server/seed/demo.ts';
import { topics } from '../../src/shared/realtime.ts';
import { apiErrorSchema } from '../../src/shared/schemas.ts';
import { boardResponseSchema, chooseBusinessSchema, staffMeSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { buildSendMessage, joinAsNewCustomer } from '../support/customer.ts';
import { countTopicEvents } from '../support/events.ts';
import {
  createBusiness,
  freshAddress,
  STAFF_COOKIE_NAME,
  signInStaff,
  type TestBusiness,
} from '../support/staff.ts';
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
    const { rows } = await t.database.db.query<{ id: string; password_hash: string }>(
      'select id, password_hash from staff_users where email = $1',
      [email],
    );
    return rows[0]!;
  }

  /** The email's sign-in failures, and whether it is throttled now; null when none is counted. */
  async function attempts(email: string) {
    const { rows } = await t.database.db.query<{ failures: number; throttled: boolean }>(
      `select failures, coalesce(throttled_until > now(), false) as throttled
         from staff_sign_in_attempts where email = $1`,
      [email],
    );
    return rows[0] ?? null;
  }

  /** As if the email's throttle had run out. */
  async function endThrottle(email: string) {
    await t.database.db.query(
      "update staff_sign_in_attempts set throttled_until = now() - interval '1 second' where email = $1",
      [email],
    );
  }

  function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
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
      timeZone: 'America/Chicago',
      publicUrl: 'http://localhost:3000',
      providerId: null,
      language: null,
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
    expect(await attempts(email)).toEqual({ failures: 1, throttled: false });
    expect(await attempts('nobody@demo.test')).toEqual({ failures: 1, throttled: false });
  });

  it('throttles after five failures: the sixth try answers 429 even with the right password', async () => {
    const email = 'throttled@demo.test';
    await createStaff(email, 'right-password');
    for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
      const response = await signIn(email, `wrong-${attempt}`);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('SIGN_IN_FAILED');
    }
    const sixth = await signIn(email, 'right-password');
    expect(sixth.statusCode).toBe(429);
    expect(apiErrorSchema.parse(sixth.json()).error.code).toBe('SIGN_IN_THROTTLED');
    expect(sixth.headers['set-cookie']).toBeUndefined();
    // A refused try is not counted: it was never checked.
    expect(await attempts(email)).toEqual({ failures: SIGN_IN_THROTTLE.freeFailures, throttled: true });
    const { rows: sessions } = await t.database.db.query(
      'select 1 from staff_sessions s join staff_users u on u.id = s.staff_user_id where u.email = $1',
      [email],
    );
    expect(sessions).toHaveLength(0);
  });

  it('checks only five of 100 wrong passwords sent at once, answers the rest 429 and never 500', async () => {
    const email = 'burst@demo.test';
    await createStaff(email, 'right-password');
    const burst = await Promise.all(Array.from({ length: 100 }, (_, n) => signIn(email, `wrong-${n}`)));
    // Each 401 is a password checked; each 429 one refused before its check.
    expect(statusCounts(burst)).toEqual({ 401: SIGN_IN_THROTTLE.freeFailures, 429: 95 });
    for (const response of burst)
      expect(apiErrorSchema.parse(response.json()).error.code).toBe(
        response.statusCode === 401 ? 'SIGN_IN_FAILED' : 'SIGN_IN_THROTTLED',
      );
    const right = await signIn(email, 'right-password');
    expect(right.statusCode).toBe(429);
    expect(apiErrorSchema.parse(right.json()).error.code).toBe('SIGN_IN_THROTTLED');
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('checks a guess again once the throttle runs out, then throttles longer, never past an hour', async () => {
    const email = 'after-window@demo.test';
    await createStaff(email, 'right-password');
    for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1)
      await signIn(email, 'wrong');
    await endThrottle(email);
    const again = await signIn(email, 'wrong-again');
    expect(again.statusCode).toBe(401);
    expect(apiErrorSchema.parse(again.json()).error.code).toBe('SIGN_IN_FAILED');
    expect((await signIn(email, 'right-password')).statusCode).toBe(429);

    // However many failures came before, the wait is computed without overflow and capped.
    for (const failures of [35, 1_000, 2_147_483_647]) {
      await t.database.db.query('update staff_sign_in_attempts set failures = $2 where email = $1', [
        email,
        failures,
      ]);
      await endThrottle(email);
      const guess = await signIn(email, 'wrong');
      expect(guess.statusCode, `after ${failures} failures`).toBe(401);
      const { rows } = await t.database.db.query<{ minutes: number }>(
        `select extract(epoch from throttled_until - now()) / 60 as minutes
           from staff_sign_in_attempts where email = $1`,
        [email],
      );
      expect(Number(rows[0]!.minutes)).toBeGreaterThan(59);
      expect(Number(rows[0]!.minutes)).toBeLessThanOrEqual(SIGN_IN_THROTTLE.maxWaitMinutes);
    }
    await endThrottle(email);
    expect((await signIn(email, 'right-password')).statusCode).toBe(200);
  });

  it('throttles an unknown email exactly like a known one: same statuses, same bodies', async () => {
    const known = 'known-burst@demo.test';
    await createStaff(known, 'right-password');
    const guesses = (email: string) =>
      Promise.all(Array.from({ length: 20 }, (_, n) => signIn(email, `wrong-${n}`)));
    const [knownAnswers, unknownAnswers] = await Promise.all([
      guesses(known),
      guesses('unknown-burst@demo.test'),
    ]);
    expect(statusCounts(unknownAnswers)).toEqual(statusCounts(knownAnswers));
    expect(statusCounts(unknownAnswers)).toEqual({ 401: SIGN_IN_THROTTLE.freeFailures, 429: 15 });
    const bodies = (answers: typeof knownAnswers) =>
      [...new Set(answers.map((response) => `${response.statusCode} ${response.body}`))].sort();
    expect(bodies(unknownAnswers)).toEqual(bodies(knownAnswers));
    for (const answer of [...knownAnswers, ...unknownAnswers])
      expect(answer.headers['set-cookie']).toBeUndefined();

    // Once the window is over: one guess checked each, answered alike.
    await endThrottle(known);
    await endThrottle('unknown-burst@demo.test');
    const [knownAgain, unknownAgain] = [
      await signIn(known, 'wrong'),
      await signIn('unknown-burst@demo.test', 'wrong'),
    ];
    expect(unknownAgain.statusCode).toBe(401);
    expect(unknownAgain.body).toBe(knownAgain.body);
    // And both are throttled again, alike.
    expect((await signIn('unknown-burst@demo.test', 'wrong')).body).toBe((await signIn(known, 'wrong')).body);
  });

  it('counts the email as typed in any case and with spaces around it', async () => {
    const email = 'spaced@demo.test';
    await createStaff(email, 'right-password');
    await signIn(' Spaced@Demo.Test ', 'wrong');
    await signIn('SPACED@demo.test', 'wrong');
    expect(await attempts(email)).toEqual({ failures: 2, throttled: false });
  });

  it('clears the failure count on a successful sign-in before the limit', async () => {
    const email = 'recovers@demo.test';
    await createStaff(email, 'right-password');
    await signIn(email, 'wrong');
    await signIn(email, 'wrong');
    expect(await attempts(email)).toEqual({ failures: 2, throttled: false });
    expect((await signIn(email, 'right-password')).statusCode).toBe(200);
    expect(await attempts(email)).toBeNull();
  });

  it('forgets the failures of an email quiet for a day', async () => {
    await signIn('quiet@demo.test', 'wrong');
    await signIn('recent@demo.test', 'wrong');
    await t.database.db.query(
      "update staff_sign_in_attempts set last_attempt_at = now() - interval '25 hours' where email = $1",
      ['quiet@demo.test'],
    );
    await createStaffService(createStaffRepository(t.database.db)).pruneSignInAttempts();
    expect(await attempts('quiet@demo.test')).toBeNull();
    expect(await attempts('recent@demo.test')).toEqual({ failures: 1, throttled: false });
  });

  it('hashes a password stored with weaker scrypt parameters again at sign-in', async () => {
    const email = 'old-hash@demo.test';
    const id = await createStaff(email, 'placeholder');
    // N=2^15, what the code stored before it followed OWASP's figure.
    const salt = randomBytes(16);
    const key = scryptSync('old-password', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const oldHash = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await t.database.db.query('update staff_users set password_hash = $2 where id = $1', [id, oldHash]);

    expect((await signIn(email, 'wrong')).statusCode).toBe(401);
    expect((await staffRow(email)).password_hash).toBe(oldHash);
    expect((await signIn(email, 'old-password')).statusCode).toBe(200);
    const rehashed = (await staffRow(email)).password_hash;
    expect(rehashed).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await signIn(email, 'old-password')).statusCode).toBe(200);
    expect((await staffRow(email)).password_hash).toBe(rehashed);
    expect((await signIn(email, 'wrong')).statusCode).toBe(401);
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

  describe('one person at several businesses (decisions/0011)', () => {
    const email = 'two-salons@demo.test';
    const shared = 'the password at two salons';
    const ownPassword = 'the third salon password';
    let zed: TestBusiness;
    let third: TestBusiness;

    async function createAccount(companyId: string, password: string): Promise<string> {
      return createStaffService(createStaffRepository(t.database.db)).createStaffUser({
        companyId,
        email,
        name: 'Sky Stylist',
        password,
        role: 'front_desk',
      });
    }

    const signInAt = (password: string, companyId?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/sign-in',
        payload: { email, password, ...(companyId ? { companyId } : {}) },
        remoteAddress: freshAddress(),
      });

    function sessionOf(response: Awaited<ReturnType<typeof signInAt>>) {
      expect(response.statusCode, response.body).toBe(200);
      const me = staffMeSchema.parse(response.json());
      const cookie = `${STAFF_COOKIE_NAME}=${response.cookies.find((c) => c.name === STAFF_COOKIE_NAME)!.value}`;
      return { me, headers: { cookie, 'x-csrf-token': me.csrfToken } };
    }

    beforeAll(async () => {
      zed = await createBusiness(t.database.db, { name: 'Zed Salon' });
      third = await createBusiness(t.database.db, { name: 'Another Salon' });
      await createAccount('demo', shared);
      await createAccount(zed.companyId, shared);
      await createAccount(third.companyId, ownPassword);
    });

    it('lists only the businesses the password opens, signs in nobody, then signs in to the one chosen', async () => {
      const choice = await signInAt(shared);
      expect(choice.statusCode).toBe(200);
      expect(chooseBusinessSchema.parse(choice.json())).toEqual({
        chooseBusiness: [
          { companyId: 'demo', companyName: 'Bella Demo Salon' },
          { companyId: zed.companyId, companyName: 'Zed Salon' },
        ],
      });
      expect(choice.json()).not.toHaveProperty('csrfToken');
      expect(choice.headers['set-cookie']).toBeUndefined();
      const { rows } = await t.database.db.query(
        'select 1 from staff_sessions s join staff_users u on u.id = s.staff_user_id where u.email = $1',
        [email],
      );
      expect(rows).toHaveLength(0);
      // The right password: the failures counted before are forgotten.
      expect(await attempts(email)).toBeNull();

      // Each choice is a session of that business's account, which sees that business only.
      const atZed = sessionOf(await signInAt(shared, zed.companyId));
      const atDemo = sessionOf(await signInAt(shared, 'demo'));
      expect(atZed.me).toMatchObject({ companyId: zed.companyId, companyName: 'Zed Salon', email });
      expect(atDemo.me).toMatchObject({ companyId: 'demo', companyName: 'Bella Demo Salon', email });
      expect(atZed.me.id).not.toBe(atDemo.me.id);
      const customer = await joinAsNewCustomer(t, { name: 'Only At Demo' });
      const board = async (session: { headers: Record<string, string> }) =>
        boardResponseSchema.parse(
          (await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers })).json(),
        );
      const zedBoard = await board(atZed);
      expect(zedBoard.companyId).toBe(zed.companyId);
      expect(zedBoard.entries.map((entry) => entry.waitId)).not.toContain(customer.waitId);
      expect((await board(atDemo)).entries.map((entry) => entry.waitId)).toContain(customer.waitId);

      // A business whose account has another password is neither listed nor opened by this one;
      // its own password opens it straight away.
      expectApiError(await signInAt(shared, third.companyId), 401, 'SIGN_IN_FAILED');
      expect(sessionOf(await signInAt(ownPassword)).me.companyId).toBe(third.companyId);
    });

    it('answers a wrong password as it answers an unknown email, naming no business', async () => {
      const unknown = await signIn('nobody-at-all@demo.test', 'a wrong password');
      for (const response of [
        await signInAt('a wrong password'),
        await signInAt('a wrong password', 'demo'),
      ]) {
        expectApiError(response, 401, 'SIGN_IN_FAILED');
        expect(response.body).toBe(unknown.body);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      await t.database.db.query('delete from staff_sign_in_attempts where email = $1', [email]);
    });

    it("checks one's current password against this business's account only", async () => {
      const atThird = sessionOf(await signInAt(ownPassword));
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/staff/password',
        headers: atThird.headers,
        payload: { currentPassword: shared, newPassword: 'a brand new password' },
      });
      expect(expectApiError(change, 400, 'VALIDATION_FAILED').field).toBe('currentPassword');
      expectApiError(await signInAt('a brand new password'), 401, 'SIGN_IN_FAILED');
      await t.database.db.query('delete from staff_sign_in_attempts where email = $1', [email]);
    });

    it('throttles the email across its businesses: the sixth try answers 429 even with the right password and business', async () => {
      for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1)
        expectApiError(
          await signInAt(`wrong-${attempt}`, attempt % 2 ? 'demo' : undefined),
          401,
          'SIGN_IN_FAILED',
        );
      expectApiError(await signInAt(shared, zed.companyId), 429, 'SIGN_IN_THROTTLED');
      expectApiError(await signInAt(shared), 429, 'SIGN_IN_THROTTLED');
      await t.database.db.query('delete from staff_sign_in_attempts where email = $1', [email]);
    });
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
