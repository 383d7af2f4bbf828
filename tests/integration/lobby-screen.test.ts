import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import {
  type LobbyScreen,
  type LobbyScreenSettings,
  lobbyScreenSchema,
  lobbyScreenSettingsSchema,
  SCREEN_KEY_HEADER,
} from '../../src/shared/lobby-screen.ts';
import { topics } from '../../src/shared/realtime.ts';
import { expectApiError } from '../support/api-error.ts';
import { type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import {
  assignProvider,
  createBusiness,
  listProviders,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

/** Nothing private may reach the screen: not the last name, not any form of the phone number. */
const PHONE = '+14155550187';
const PRIVATE_TEXTS = ['Garcia', 'Gonzalez', '4155550187', '555-0187', '0187'];

function expectNothingPrivate(text: string): void {
  for (const secret of PRIVATE_TEXTS) expect(text).not.toContain(secret);
}

const keyOf = (settings: LobbyScreenSettings) => decodeURIComponent(settings.href.split('#key=')[1] ?? '');

/** Issue 24 item 6: the lobby screen (docs/lobby-screen.md). */
describe.each(databaseKinds)('lobby screen, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let provider: StaffSession;
  let other: TestBusiness;
  let url: string;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    provider = await signInStaff(t.app, DEMO_PROVIDER);
    other = await createBusiness(t.database.db, { name: 'Other Salon' });
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.query(
      `update wait_entries set status = 'done' where status in ('waiting', 'called', 'in_service')`,
    );
    await t.database.db.query(`update companies set screen_name_style = 'first_name_last_initial'`);
  });

  const screenSettings = async (session: StaffSession): Promise<LobbyScreenSettings> => {
    const response = await t.app.inject({ url: '/api/v1/staff/lobby-screen', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return lobbyScreenSettingsSchema.parse(response.json());
  };
  const readScreen = (companyId: string, key?: string) =>
    t.app.inject({
      url: `/api/v1/companies/${companyId}/screen`,
      headers: key === undefined ? {} : { [SCREEN_KEY_HEADER]: key },
    });
  const screen = async (key: string, companyId = 'demo'): Promise<{ data: LobbyScreen; body: string }> => {
    const response = await readScreen(companyId, key);
    expect(response.statusCode, response.body).toBe(200);
    return { data: lobbyScreenSchema.parse(response.json()), body: response.body };
  };
  const reset = (session: StaffSession) =>
    t.app.inject({ method: 'POST', url: '/api/v1/staff/lobby-screen/reset', headers: session.headers });
  const joinMaria = (): Promise<JoinedCustomer> =>
    joinAsNewCustomer(t, { name: 'Maria Garcia Gonzalez', phoneNumber: PHONE });
  const connectScreen = async (companyId: string, key: string) => {
    const socket = await RealtimeTestClient.connect(url);
    sockets.push(socket);
    socket.send({ type: 'screen', companyId, key });
    return socket;
  };

  it('shows waiting customers as first name and last initial, and nothing private', async () => {
    const key = keyOf(await screenSettings(owner));
    await joinAsNewCustomer(t, { name: 'Ben Early' });
    await joinMaria();
    const { data, body } = await screen(key);
    expect(data.companyName).toBe('Bella Demo Salon');
    expect(data.next.map((row) => row.name)).toEqual(['Ben E.', 'Maria G.']);
    expect(data.waitingCount).toBe(2);
    expectNothingPrivate(body);
    expect(body).not.toContain('Early');
    // Only what the screen shows: no ids, services, times or numbers beside the names.
    const raw = JSON.parse(body) as { next: object[] };
    expect(Object.keys(raw).sort()).toEqual(
      ['companyId', 'companyName', 'joinUrl', 'next', 'nowServing', 'timeZone', 'waitingCount'].sort(),
    );
    for (const row of raw.next) expect(Object.keys(row).sort()).toEqual(['name', 'providerName']);
  });

  it('writes initials only when the owner chooses them; the front desk cannot choose', async () => {
    const key = keyOf(await screenSettings(owner));
    await joinMaria();
    const byDesk = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/lobby-screen/name-style',
      headers: desk.headers,
      payload: { nameStyle: 'initials' },
    });
    expectApiError(byDesk, 403, 'ROLE_NOT_ALLOWED');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/lobby-screen/name-style',
      headers: owner.headers,
      payload: { nameStyle: 'full_name' },
    });
    expect(expectApiError(bad, 400, 'VALIDATION_FAILED').field).toBe('nameStyle');
    const byOwner = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/lobby-screen/name-style',
      headers: owner.headers,
      payload: { nameStyle: 'initials' },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const { data, body } = await screen(key);
    expect(data.next.map((row) => row.name)).toEqual(['M. G.']);
    expect(body).not.toContain('Maria');
    expectNothingPrivate(body);
  });

  it('moves a called customer to Now serving, with their provider', async () => {
    const key = keyOf(await screenSettings(desk));
    const maria = await joinMaria();
    const [stylist] = await listProviders(t.database.db, 'demo');
    expect((await assignProvider(t.app, desk, maria.waitId, stylist!.id)).statusCode).toBe(200);
    expect((await staffAction(t.app, desk, maria.waitId, 'call')).statusCode).toBe(200);
    const { data, body } = await screen(key);
    expect(data.nowServing).toEqual([{ name: 'Maria G.', status: 'called', providerName: stylist!.name }]);
    expect(data.next).toEqual([]);
    expect(Object.keys((JSON.parse(body) as { nowServing: object[] }).nowServing[0]!).sort()).toEqual([
      'name',
      'providerName',
      'status',
    ]);
    expectNothingPrivate(body);
    expect((await staffAction(t.app, desk, maria.waitId, 'start')).statusCode).toBe(200);
    expect((await screen(key)).data.nowServing[0]?.status).toBe('in_service');
  });

  it('refuses a missing, wrong or malformed key, and another business’s key', async () => {
    const key = keyOf(await screenSettings(owner));
    await joinMaria();
    expectApiError(await readScreen('demo'), 403, 'SCREEN_LINK_INVALID');
    expectApiError(await readScreen('demo', ''), 403, 'SCREEN_LINK_INVALID');
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [wrong, 'short', `${key}x`]) {
      const refused = await readScreen('demo', attempt);
      expectApiError(refused, 403, 'SCREEN_LINK_INVALID');
      expectNothingPrivate(refused.body);
      expect(refused.body).not.toContain('Maria');
    }
    const otherOwner = await signInStaff(t.app, { email: other.owner.email, password: other.owner.password });
    const otherKey = keyOf(await screenSettings(otherOwner));
    expectApiError(await readScreen('demo', otherKey), 403, 'SCREEN_LINK_INVALID');
    expectApiError(await readScreen(other.companyId, key), 403, 'SCREEN_LINK_INVALID');
    expect((await screen(otherKey, other.companyId)).data.next).toEqual([]);
  });

  it('opens for the owner and the front desk with one link; not for a provider', async () => {
    const byOwner = await screenSettings(owner);
    expect(byOwner.href).toMatch(/^\/demo\/screen#key=[A-Za-z0-9_-]{43}$/);
    expect((await screenSettings(desk)).href).toBe(byOwner.href);
    const byProvider = await t.app.inject({ url: '/api/v1/staff/lobby-screen', headers: provider.headers });
    expectApiError(byProvider, 403, 'ROLE_NOT_ALLOWED');
    expect(byProvider.body).not.toContain(keyOf(byOwner));
  });

  it('lets only the owner reset the link; the old one stops at once, the new one works', async () => {
    const before = await screenSettings(owner);
    expectApiError(await reset(desk), 403, 'ROLE_NOT_ALLOWED');
    expectApiError(await reset(provider), 403, 'ROLE_NOT_ALLOWED');
    expect((await screenSettings(owner)).href).toBe(before.href);
    const response = await reset(owner);
    expect(response.statusCode, response.body).toBe(200);
    const after = lobbyScreenSettingsSchema.parse(response.json());
    expect(after.href).not.toBe(before.href);
    expectApiError(await readScreen('demo', keyOf(before)), 403, 'SCREEN_LINK_INVALID');
    await joinMaria();
    expect((await screen(keyOf(after))).data.next.map((row) => row.name)).toEqual(['Maria G.']);
    expect((await screenSettings(desk)).href).toBe(after.href);
  });

  it('follows the nameless line live; a reset ends the open screen’s subscription', async () => {
    const key = keyOf(await screenSettings(owner));
    const socket = await connectScreen('demo', key);
    await socket.waitFor((m) => m.type === 'ready' && m.principal === 'screen', 'ready as screen');
    // Only its business's line: not the board, not another business's line.
    for (const topic of [topics.board('demo'), topics.line(other.companyId)])
      expect(await socket.subscribe(topic, null)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect(await socket.subscribe(topics.line('demo'), null)).toMatchObject({ type: 'subscribed' });

    const maria = await joinMaria();
    await socket.waitForEvents(topics.line('demo'), 1);
    // A customer following the same line is not a screen: the reset does not end theirs.
    const customerSocket = await RealtimeTestClient.connectCustomer(url, maria.token);
    sockets.push(customerSocket);
    expect(await customerSocket.subscribe(topics.line('demo'), null)).toMatchObject({ type: 'subscribed' });
    expect((await staffAction(t.app, desk, maria.waitId, 'call')).statusCode).toBe(200);
    await socket.waitForEvents(topics.line('demo'), 2);

    expect((await reset(owner)).statusCode).toBe(200);
    await socket.waitFor(
      (m) => m.type === 'unsubscribed' && m.topic === topics.line('demo'),
      'the line unsubscribed after the reset',
    );
    await joinAsNewCustomer(t, { name: 'Ben Later' });
    await customerSocket.waitFor(
      (m) => m.type === 'event' && m.event === 'line.changed' && m.seq > 0,
      'line',
    );
    const customerEvents = customerSocket.events(topics.line('demo')).length;
    await joinAsNewCustomer(t, { name: 'Cy Later' });
    await customerSocket.waitForEvents(topics.line('demo'), customerEvents + 1);
    expect(customerSocket.messages.some((m) => m.type === 'unsubscribed')).toBe(false);
    // Nothing the screen's socket ever got names anyone, or carries a number.
    expectNothingPrivate(JSON.stringify(socket.messages));
    expect(JSON.stringify(socket.messages)).not.toContain('Maria');
    // Asked again with the old key: refused, on the same socket and on a new one.
    expect(await socket.subscribe(topics.line('demo'), null)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
    const again = await connectScreen('demo', key);
    await again.waitFor((m) => m.type === 'error' && m.code === 'SCREEN_LINK_INVALID', 'the old key refused');
    expect(await again.subscribe(topics.line('demo'), null)).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
  });

  it('refuses a screen socket with a wrong key or another business’s key', async () => {
    const otherOwner = await signInStaff(t.app, { email: other.owner.email, password: other.owner.password });
    const otherKey = keyOf(await screenSettings(otherOwner));
    for (const key of [otherKey, 'A'.repeat(43)]) {
      const socket = await connectScreen('demo', key);
      await socket.waitFor((m) => m.type === 'error' && m.code === 'SCREEN_LINK_INVALID', 'refused');
      expect(await socket.subscribe(topics.line('demo'), null)).toMatchObject({
        type: 'error',
        code: 'FORBIDDEN',
      });
    }
  });
});
