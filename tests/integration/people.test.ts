import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeopleRepository } from '../../src/server/features/people/people.repository.ts';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { hashSecretToken } from '../../src/server/http/secret-token.ts';
import { DEMO_FRONT_DESK, DEMO_OWNER, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import {
  type MemberLinkResponse,
  memberLinkResponseSchema,
  peopleResponseSchema,
  staffLinkResponseSchema,
  staffMeSchema,
} from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  createBusiness,
  freshAddress,
  listProviders,
  STAFF_COOKIE_NAME,
  type StaffSession,
  signInStaff,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let emailCounter = 0;
const freshEmail = (name = 'member') => `${name}-${++emailCounter}@demo.test`;

describe.each(databaseKinds)('People: the team of a business, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });

  const addMember = (session: StaffSession, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/staff/people', headers: session.headers, payload });

  async function invite(payload: {
    name?: string;
    email?: string;
    role: string;
    providerId?: string | null;
  }) {
    const response = await addMember(owner, { name: 'New Member', email: freshEmail(), ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return memberLinkResponseSchema.parse(response.json());
  }

  const tokenOf = (link: MemberLinkResponse) => link.link.slice(link.link.indexOf('#') + 1);

  const useLink = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/links/use',
      payload: { token, password },
      remoteAddress: freshAddress(),
    });

  async function signInWithLink(link: MemberLinkResponse, password: string): Promise<StaffSession> {
    const response = await useLink(tokenOf(link), password);
    expect(response.statusCode, response.body).toBe(200);
    const me = staffMeSchema.parse(response.json());
    const token = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE_NAME)!.value;
    const cookie = `${STAFF_COOKIE_NAME}=${token}`;
    return { me, token, cookie, headers: { cookie, 'x-csrf-token': me.csrfToken } };
  }

  const signInAttempt = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sign-in',
      payload: { email, password },
      remoteAddress: freshAddress(),
    });

  /** The owner's two changes to a member: a new password link, and removal. */
  const resetAndRemove = (session: StaffSession, staffUserId: string) =>
    Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/people/${staffUserId}/reset`,
        headers: session.headers,
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/staff/people/${staffUserId}`,
        headers: session.headers,
      }),
    ]);

  const me = (session: StaffSession) => t.app.inject({ url: '/api/v1/staff/me', headers: session.headers });

  async function passwordHashOf(staffUserId: string): Promise<string | null> {
    const { rows } = await t.database.db.query<{ password_hash: string | null }>(
      'select password_hash from staff_users where id = $1',
      [staffUserId],
    );
    return rows[0]!.password_hash;
  }

  async function openBoardSocket(session: StaffSession) {
    const socket = await RealtimeTestClient.connect(url, { cookie: session.cookie });
    sockets.push(socket);
    await socket.waitFor((message) => message.type === 'ready', 'ready');
    return socket;
  }

  it('adds a member with a one-time link that sets their password and signs them in, once', async () => {
    const email = freshEmail('desk');
    const link = await invite({ name: 'Dana Desk', email: email.toUpperCase(), role: 'front_desk' });
    expect(link.link).toMatch(/^http:\/\/localhost:\d+\/console\/welcome#[A-Za-z0-9_-]{40,}$/);
    expect(link.member).toMatchObject({ name: 'Dana Desk', email, role: 'front_desk', status: 'invited' });
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // Invited, not yet able to sign in: there is no password to match.
    expectApiError(await signInAttempt(email, 'anything-at-all'), 401, 'SIGN_IN_FAILED');

    const lookUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/links/look-up',
      payload: { token: tokenOf(link) },
      remoteAddress: freshAddress(),
    });
    expect(staffLinkResponseSchema.parse(lookUp.json())).toEqual({
      kind: 'invite',
      name: 'Dana Desk',
      email,
      companyName: 'Bella Demo Salon',
    });

    expectApiError(await useLink(tokenOf(link), 'short'), 400, 'VALIDATION_FAILED');
    const session = await signInWithLink(link, 'a good long password');
    expect(session.me).toMatchObject({ role: 'front_desk', email, companyId: 'demo', name: 'Dana Desk' });
    expect((await me(session)).statusCode).toBe(200);

    // Used: the same link does nothing more.
    expectApiError(await useLink(tokenOf(link), 'another long password'), 404, 'STAFF_LINK_NOT_FOUND');
    expect((await signInAttempt(email, 'a good long password')).statusCode).toBe(200);
    expectApiError(await signInAttempt(email, 'another long password'), 401, 'SIGN_IN_FAILED');

    const people = peopleResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/people', headers: owner.headers })).json(),
    );
    expect(people.members.find((member) => member.email === email)).toMatchObject({
      status: 'active',
      linkExpiresAt: null,
      isYou: false,
    });
    expect(people.members.find((member) => member.email === DEMO_OWNER.email)?.isYou).toBe(true);
  });

  it('refuses a link past its 72 hours, or one that was never made', async () => {
    const link = await invite({ role: 'front_desk' });
    await t.database.db.query(
      "update staff_links set expires_at = now() - interval '1 second' where staff_user_id = $1",
      [link.member.id],
    );
    expectApiError(await useLink(tokenOf(link), 'a good long password'), 404, 'STAFF_LINK_NOT_FOUND');
    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/links/look-up',
        payload: { token: tokenOf(link) },
        remoteAddress: freshAddress(),
      }),
      404,
      'STAFF_LINK_NOT_FOUND',
    );
    // A link that expires between the page's look-up and the password's arrival is refused too.
    expect(
      await createPeopleRepository(t.database.db).useLink(hashSecretToken(tokenOf(link)), 'some hash'),
    ).toBeNull();
    expectApiError(await useLink('x'.repeat(43), 'a good long password'), 404, 'STAFF_LINK_NOT_FOUND');
    const { rows } = await t.database.db.query('select password_hash from staff_users where id = $1', [
      link.member.id,
    ]);
    expect(rows).toEqual([{ password_hash: null }]);
    const kept = await t.database.db.query('select 1 from staff_links where staff_user_id = $1', [
      link.member.id,
    ]);
    expect(kept.rows).toHaveLength(1);
  });

  it('links a provider account to one provider of the business, never to none or to another business', async () => {
    const [maria] = await listProviders(t.database.db, 'demo');
    const other = await createBusiness(t.database.db);
    const email = freshEmail();

    let error = expectApiError(
      await addMember(owner, { name: 'P', email, role: 'provider' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.field).toBe('providerId');
    error = expectApiError(
      await addMember(owner, { name: 'P', email, role: 'provider', providerId: other.providers[0]!.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.field).toBe('providerId');

    const link = await invite({ name: 'Maria', role: 'provider', providerId: maria!.id });
    expect(link.member).toMatchObject({ role: 'provider', providerId: maria!.id, providerName: maria!.name });
    // A front desk account links to no provider, whatever was sent.
    const desk = await invite({ role: 'front_desk', providerId: maria!.id });
    expect(desk.member.providerId).toBeNull();
  });

  it('refuses an email already on this team, in any case, and says so', async () => {
    const error = expectApiError(
      await addMember(owner, {
        name: 'Dup',
        email: ` ${DEMO_FRONT_DESK.email.toUpperCase()} `,
        role: 'front_desk',
      }),
      409,
      'EMAIL_TAKEN',
    );
    expect(error).toMatchObject({
      field: 'email',
      message: 'Someone on your team already has that email address.',
    });
  });

  it('answers an invite of an address with an account at another business as it answers a new address', async () => {
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    const mariaAtDemo = await signInStaff(t.app, DEMO_PROVIDER);
    const hashBefore = await passwordHashOf(mariaAtDemo.me.id);

    const [known, unknown] = [
      await addMember(otherOwner, { name: 'Maria', email: DEMO_PROVIDER.email, role: 'front_desk' }),
      await addMember(otherOwner, {
        name: 'Never Seen',
        email: freshEmail('never-seen'),
        role: 'front_desk',
      }),
    ];
    // The same status and the same shape, field for field: nothing says the address is known.
    const shape = (response: typeof known) => {
      const body = memberLinkResponseSchema.parse(response.json());
      return {
        status: response.statusCode,
        keys: Object.keys(body).sort(),
        member: { ...body.member, id: 'id', name: 'name', email: 'email', linkExpiresAt: 'time' },
        link: body.link.replace(/#.*/, '#token'),
      };
    };
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.statusCode).toBe(201);
    const link = memberLinkResponseSchema.parse(known.json());
    expect(link.member).toMatchObject({ email: DEMO_PROVIDER.email, name: 'Maria', status: 'invited' });

    // The link sets the password of the other business's account only.
    const atOther = await signInWithLink(link, 'her other salon password');
    expect(atOther.me).toMatchObject({ companyId: other.companyId, role: 'front_desk', name: 'Maria' });
    // Maria at her own salon keeps her password, her name and her session.
    expect(await passwordHashOf(mariaAtDemo.me.id)).toBe(hashBefore);
    const stillThere = await me(mariaAtDemo);
    expect(stillThere.statusCode).toBe(200);
    expect(staffMeSchema.parse(stillThere.json())).toMatchObject({
      companyId: 'demo',
      name: DEMO_PROVIDER.name,
      role: 'provider',
    });
    const again = await signInAttempt(DEMO_PROVIDER.email, DEMO_PROVIDER.password);
    expect(staffMeSchema.parse(again.json()).companyId).toBe('demo');
    // Nor does the other owner see anyone of the demo business's team.
    const theirs = peopleResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/people', headers: otherOwner.headers })).json(),
    );
    expect(theirs.members.map((member) => member.id)).not.toContain(mariaAtDemo.me.id);
  });

  it("lets a person's real salon invite them after another business added their address first", async () => {
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    const email = freshEmail('stylist');
    expect((await addMember(otherOwner, { name: 'Taken First', email, role: 'front_desk' })).statusCode).toBe(
      201,
    );

    const link = await invite({ name: 'Real Stylist', email, role: 'front_desk' });
    const session = await signInWithLink(link, 'my real salon password');
    expect(session.me).toMatchObject({ companyId: 'demo', name: 'Real Stylist', email });
  });

  it('resets a password: a new link, and the old password, sessions and sockets stop at once', async () => {
    const link = await invite({ role: 'front_desk' });
    const session = await signInWithLink(link, 'first long password');
    const socket = await openBoardSocket(session);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/people/${link.member.id}/reset`,
      headers: owner.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const resetLink = memberLinkResponseSchema.parse(reset.json());
    // Until they choose a new password, they are waiting on their link like an invited member.
    expect(resetLink.member.status).toBe('invited');

    await socket.closed;
    expectApiError(await me(session), 401, 'STAFF_UNAUTHENTICATED');
    expectApiError(await signInAttempt(link.member.email, 'first long password'), 401, 'SIGN_IN_FAILED');
    expect(
      staffLinkResponseSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/staff/links/look-up',
            payload: { token: tokenOf(resetLink) },
            remoteAddress: freshAddress(),
          })
        ).json(),
      ).kind,
    ).toBe('reset');
    // The first link was replaced, used or not.
    expectApiError(await useLink(tokenOf(link), 'anything long enough'), 404, 'STAFF_LINK_NOT_FOUND');
    const again = await signInWithLink(resetLink, 'second long password');
    expect((await me(again)).statusCode).toBe(200);
  });

  it('removes a member: their sessions and sockets end at once; the owner cannot remove or reset themself', async () => {
    const link = await invite({ role: 'front_desk' });
    const session = await signInWithLink(link, 'a good long password');
    const socket = await openBoardSocket(session);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/people/${link.member.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    await socket.closed;
    expectApiError(await me(session), 401, 'STAFF_UNAUTHENTICATED');
    expectApiError(await signInAttempt(link.member.email, 'a good long password'), 401, 'SIGN_IN_FAILED');

    for (const response of await resetAndRemove(owner, owner.me.id))
      expectApiError(response, 409, 'NOT_YOURSELF');
    expect((await me(owner)).statusCode).toBe(200);
  });

  it("keeps each owner to their own business's people", async () => {
    const other = await createBusiness(t.database.db);
    const otherOwner = await signInStaff(t.app, other.owner);
    const link = await invite({ role: 'front_desk' });

    const list = peopleResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/people', headers: otherOwner.headers })).json(),
    );
    expect(list.members.map((member) => member.email)).toEqual([other.owner.email]);
    for (const response of await resetAndRemove(otherOwner, link.member.id))
      expectApiError(response, 404, 'MEMBER_NOT_FOUND');
    const { rows } = await t.database.db.query('select 1 from staff_links where staff_user_id = $1', [
      link.member.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('lets only the owner see or change the team', async () => {
    for (const credentials of [DEMO_FRONT_DESK]) {
      const session = await signInStaff(t.app, credentials);
      expectApiError(
        await t.app.inject({ url: '/api/v1/staff/people', headers: session.headers }),
        403,
        'ROLE_NOT_ALLOWED',
      );
      expectApiError(
        await addMember(session, { name: 'X', email: freshEmail(), role: 'owner' }),
        403,
        'ROLE_NOT_ALLOWED',
      );
      const target = (await invite({ role: 'front_desk' })).member.id;
      for (const response of await resetAndRemove(session, target))
        expectApiError(response, 403, 'ROLE_NOT_ALLOWED');
      const { rows } = await t.database.db.query(
        'select password_hash is null as invited from staff_users where id = $1',
        [target],
      );
      expect(rows).toEqual([{ invited: true }]);
    }
  });

  it('changes one’s own password after the current one; the other sessions end, this one stays', async () => {
    const link = await invite({ role: 'front_desk' });
    const here = await signInWithLink(link, 'first long password');
    const elsewhere = await signInStaff(t.app, { email: link.member.email, password: 'first long password' });
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/staff/password',
        headers: here.headers,
        payload: { currentPassword, newPassword },
      });

    const error = expectApiError(
      await change('not my password', 'second long password'),
      400,
      'VALIDATION_FAILED',
    );
    expect(error).toMatchObject({ field: 'currentPassword', message: 'That is not your current password.' });
    expect(error.field).toBe('currentPassword');
    expectApiError(await change('first long password', 'short'), 400, 'VALIDATION_FAILED');

    expect((await change('first long password', 'second long password')).statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expectApiError(await me(elsewhere), 401, 'STAFF_UNAUTHENTICATED');
    expectApiError(await signInAttempt(link.member.email, 'first long password'), 401, 'SIGN_IN_FAILED');
    expect((await signInAttempt(link.member.email, 'second long password')).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('People: how many links a business makes, on %s', (kind) => {
  let t: TestApp;
  // Unset: the limit at its default, 30 an hour.
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_STAFF_LINKS_PER_HOUR: '' } });
  });
  afterAll(async () => t?.close());

  const addMember = (session: StaffSession, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/people',
      headers: session.headers,
      payload: { name: 'Someone', email, role: 'front_desk' },
    });
  const reset = (session: StaffSession, staffUserId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/people/${staffUserId}/reset`,
      headers: session.headers,
    });

  it('refuses the 31st person added in an hour, and the 31st new password link, with 429', async () => {
    const business = await createBusiness(t.database.db);
    const owner = await signInStaff(t.app, business.owner);
    // The front desk, refused anyway, cannot use up the owner's count.
    const desk = { email: freshEmail('desk'), password: 'front desk password' };
    await createStaffService(createStaffRepository(t.database.db)).createStaffUser({
      companyId: business.companyId,
      name: 'Desk',
      role: 'front_desk',
      ...desk,
    });
    const deskSession = await signInStaff(t.app, desk);
    for (let n = 1; n <= 31; n += 1)
      expect((await addMember(deskSession, freshEmail('desk-try'))).statusCode).not.toBe(201);
    const memberIds: string[] = [];
    for (let n = 1; n <= 30; n += 1) {
      const added = await addMember(owner, freshEmail(`limit-${n}`));
      expect(added.statusCode, `person ${n}: ${added.body}`).toBe(201);
      memberIds.push(memberLinkResponseSchema.parse(added.json()).member.id);
    }
    const refused = await addMember(owner, freshEmail('limit-31'));
    const error = expectApiError(refused, 429, 'STAFF_LINKS_LIMITED');
    expect(error.message).toBe(
      'Too many people added or new password links made this hour. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A second session of the same owner counts for the same business; nothing was added.
    const secondSession = await signInStaff(t.app, business.owner);
    expectApiError(await addMember(secondSession, freshEmail('limit-32')), 429, 'STAFF_LINKS_LIMITED');
    const { rows } = await t.database.db.query('select 1 from staff_users where company_id = $1', [
      business.companyId,
    ]);
    expect(rows).toHaveLength(32);

    for (let n = 1; n <= 30; n += 1)
      expect((await reset(owner, memberIds[n - 1]!)).statusCode, `reset ${n}`).toBe(200);
    expectApiError(await reset(owner, memberIds[0]!), 429, 'STAFF_LINKS_LIMITED');

    // Another business has its own count.
    const demoOwner = await signInStaff(t.app);
    expect((await addMember(demoOwner, freshEmail('other-business'))).statusCode).toBe(201);
  });
});
