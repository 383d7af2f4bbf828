import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FRONT_DESK, DEMO_PROVIDER } from '../../src/server/seed/demo.ts';
import { waitEntryResponseSchema, walkInLandingSchema } from '../../src/shared/schemas.ts';
import { addDays, boardResponseSchema, businessSettingsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import {
  createBusiness,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, DEFAULT_TEXTING_LIMITS, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let phoneCounter = 0;
const freshPhone = () => `+1415555${String(3000 + (phoneCounter++ % 3000)).padStart(4, '0')}`;
const MINUTE = 60_000;

interface PartyRow {
  id: string;
  name: string;
  phone_number: string;
  service_type: string;
  customer_id: string;
  status: string;
  party_id: string | null;
  party_position: number | null;
  party_size: number | null;
  back_by: Date | null;
  arrived_at: Date | null;
  join_answers: unknown;
}

/** Issue 24 item 7: party size, one entry per person, linked as a party (docs/party-size.md). */
describe.each(databaseKinds)('party size, on %s', (kind) => {
  let t: TestApp;
  // The businesses' clock: held places run out by it (more-time.test.ts).
  let now = Date.now();
  let salon: TestBusiness;
  let owner: StaffSession;

  beforeAll(async () => {
    // The default limits: 5 joins per phone per business per hour (migrations/0006).
    t = await createTestApp(kind, { env: DEFAULT_TEXTING_LIMITS, clock: () => now });
    salon = await createBusiness(t.database.db);
    owner = await signInStaff(t.app, salon.owner);
    const saved = await setLargestParty(owner, 4);
    expect(saved.statusCode, saved.body).toBe(200);
    // No "your turn is near" texts but in the test about them: the others count the join's text.
    await t.database.db.query(`update companies set near_turn_default = 'off' where id = $1`, [
      salon.companyId,
    ]);
  });
  afterAll(async () => t?.close());

  function setLargestParty(session: StaffSession, largestParty: unknown) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/party-size',
      headers: session.headers,
      payload: { largestParty },
    });
  }

  async function join(
    payload: object,
    as?: { authorization: string; key: string },
    companyId = salon.companyId,
  ) {
    const identity = as ?? { ...(await t.signIn()), key: idempotencyKey() };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/wait-list`,
      headers: { authorization: identity.authorization, 'idempotency-key': identity.key },
      payload: buildJoinRequest({ phoneNumber: freshPhone(), ...payload }),
    });
    return { response, identity };
  }

  async function joinParty(name: string, partySize: number, extra: object = {}) {
    const { response, identity } = await join({ name, partySize, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return { waitId: response.json().waitId as string, ...identity };
  }

  const partyRows = async (leadId: string) =>
    (
      await t.database.db.query<PartyRow>(
        `select id, name, phone_number, service_type, customer_id, status, party_id, party_position, party_size,
                back_by, arrived_at, join_answers
           from wait_entries where id = $1 or party_id = $1 order by date`,
        [leadId],
      )
    ).rows;

  const textsFor = async (waitIds: string[]) =>
    (
      await t.database.db.query<{ wait_id: string; kind: string }>(
        'select wait_id, kind from sms_messages where wait_id = any($1::uuid[])',
        [waitIds],
      )
    ).rows;

  const board = async () =>
    boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: owner.headers })).json(),
    );

  const customerPost = (
    party: { waitId: string; authorization: string },
    action: 'more-time' | 'arrived' | 'leave',
    payload?: object,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${salon.companyId}/wait-list/${party.waitId}/${action}`,
      headers: { authorization: party.authorization },
      ...(payload ? { payload } : {}),
    });

  const view = async (party: { waitId: string; authorization: string }) =>
    waitEntryResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/v1/companies/${salon.companyId}/wait-list/${party.waitId}`,
          headers: { authorization: party.authorization },
        })
      ).json(),
    );

  /** Each test's line starts empty. */
  const emptyLine = () =>
    t.database.db.query(
      `update wait_entries set status = 'done' where company_id = $1 and status = 'waiting'`,
      [salon.companyId],
    );

  describe('the setting', () => {
    it("is the owner's: saved, read back in Settings and in the landing data, 1 to 8", async () => {
      const settings = businessSettingsSchema.parse(
        (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
      );
      expect(settings.largestParty).toBe(4);
      const landing = walkInLandingSchema.parse(
        (await t.app.inject({ url: `/api/v1/companies/${salon.companyId}/walk-in` })).json(),
      );
      expect(landing.largestParty).toBe(4);
      expectApiError(await setLargestParty(owner, 9), 400, 'VALIDATION_FAILED');
      expectApiError(await setLargestParty(owner, 0), 400, 'VALIDATION_FAILED');
      expectApiError(await setLargestParty(owner, 2.5), 400, 'VALIDATION_FAILED');
    });

    it('is refused to the front desk and to a provider, and the demo keeps the default of 1', async () => {
      const desk = await signInStaff(t.app, DEMO_FRONT_DESK);
      const provider = await signInStaff(t.app, DEMO_PROVIDER);
      expectApiError(await setLargestParty(desk, 3), 403, 'ROLE_NOT_ALLOWED');
      expectApiError(await setLargestParty(provider, 3), 403, 'ROLE_NOT_ALLOWED');
      const demo = walkInLandingSchema.parse(
        (await t.app.inject({ url: '/api/v1/companies/demo/walk-in' })).json(),
      );
      expect(demo.largestParty).toBe(1);
    });
  });

  describe('a join with a party', () => {
    it('writes one linked entry per person, one after the other, and texts once', async () => {
      await emptyLine();
      const party = await joinParty('Anna Party', 3);
      const rows = await partyRows(party.waitId);
      expect(rows.map((row) => row.name)).toEqual(['Anna Party', 'Anna Party +1', 'Anna Party +2']);
      expect(rows.map((row) => [row.party_id, row.party_position, row.party_size])).toEqual([
        [party.waitId, 1, 3],
        [party.waitId, 2, 3],
        [party.waitId, 3, 3],
      ]);
      expect(rows[0]!.id).toBe(party.waitId);
      // Same customer, phone and service; all waiting.
      for (const key of ['customer_id', 'phone_number', 'service_type', 'status'] as const)
        expect(new Set(rows.map((row) => row[key])).size).toBe(1);
      const texts = await textsFor(rows.map((row) => row.id));
      expect(texts).toEqual([{ wait_id: party.waitId, kind: 'join' }]);

      // The board lists them together, each with its party; the customer's page is the lead's.
      const waiting = (await board()).entries.filter((entry) => entry.status === 'waiting');
      expect(waiting.map((entry) => [entry.name, entry.party])).toEqual([
        ['Anna Party', { id: party.waitId, position: 1, size: 3 }],
        ['Anna Party +1', { id: party.waitId, position: 2, size: 3 }],
        ['Anna Party +2', { id: party.waitId, position: 3, size: 3 }],
      ]);
      expect(await view(party)).toMatchObject({ name: 'Anna Party', partySize: 3, position: 1 });
    });

    it('lands a retried join on the same party, making no entry and no text again', async () => {
      const party = await joinParty('Retry Party', 3);
      const again = await join({ name: 'Retry Party', partySize: 3 }, party);
      expect(again.response.statusCode, again.response.body).toBe(200);
      expect(again.response.json().waitId).toBe(party.waitId);
      const rows = await partyRows(party.waitId);
      expect(rows).toHaveLength(3);
      const { rows: all } = await t.database.db.query(
        'select id from wait_entries where customer_id = (select customer_id from wait_entries where id = $1)',
        [party.waitId],
      );
      expect(all).toHaveLength(3);
      expect(await textsFor(rows.map((row) => row.id))).toHaveLength(1);
    });

    it("refuses a party larger than the business's setting, in words the form shows, and writes nothing", async () => {
      const phoneNumber = freshPhone();
      const { response } = await join({ name: 'Too Many', partySize: 5, phoneNumber });
      expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error).toMatchObject({
        field: 'partySize',
        message: 'This business takes parties of up to 4 people.',
      });
      // At a business that takes one person per join (the default), any party is refused.
      const single = await join({ name: 'Two Of Us', partySize: 2, phoneNumber }, undefined, 'demo');
      expectApiError(single.response, 400, 'VALIDATION_FAILED');
      expect(single.response.json().error).toMatchObject({
        field: 'partySize',
        message: 'This business takes one person per join: please join each person on their own.',
      });
      // Past the largest any business may set: the schema's own refusal.
      expectApiError(
        (await join({ name: 'Nine', partySize: 9, phoneNumber })).response,
        400,
        'VALIDATION_FAILED',
      );
      const { rows } = await t.database.db.query('select 1 from wait_entries where phone_number = $1', [
        phoneNumber,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('leaves a party of one as it was: one entry, no party columns', async () => {
      const alone = await joinParty('Just Me', 1);
      const { response } = await join({ name: 'Said Nothing' });
      expect(response.statusCode, response.body).toBe(201);
      for (const waitId of [alone.waitId, response.json().waitId as string]) {
        const rows = await partyRows(waitId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ party_id: null, party_position: null, party_size: null });
      }
      const entry = (await board()).entries.find((e) => e.waitId === alone.waitId)!;
      expect(entry.party).toBeNull();
      expect((await view(alone)).partySize).toBe(1);
    });

    it('tells a party its turn is near once, by a text to its lead', async () => {
      await emptyLine();
      await t.database.db.query(`update companies set near_turn_default = 'ahead_2' where id = $1`, [
        salon.companyId,
      ]);
      try {
        const ahead = await joinParty('Near Ahead', 1);
        const party = await joinParty('Near Party', 3);
        const ids = (await partyRows(party.waitId)).map((row) => row.id);
        // The line moves: all three are now 2 or fewer ahead of their turn at once.
        expect((await staffAction(t.app, owner, ahead.waitId, 'call')).statusCode).toBe(200);
        const nearTexts = async () =>
          (await textsFor(ids)).filter((text) => text.kind === 'near_turn').map((text) => text.wait_id);
        // The check follows the line's events; a hang guard, not a speed limit.
        await expect.poll(nearTexts, { timeout: 30_000 }).toEqual([party.waitId]);
        const { rows } = await t.database.db.query<{ told: number }>(
          'select count(*)::int as told from wait_entries where id = any($1::uuid[]) and near_turn_told_at is not null',
          [ids],
        );
        expect(rows[0]!.told).toBe(1);
      } finally {
        await t.database.db.query(`update companies set near_turn_default = 'off' where id = $1`, [
          salon.companyId,
        ]);
      }
    });

    it('counts a party as one join against the joins-per-phone limit, and a refused lead takes no members in', async () => {
      const phoneNumber = freshPhone();
      await joinParty('Limit Party', 4, { phoneNumber });
      // 5 joins per phone per hour: the party was one, so four more of one go in.
      for (let i = 0; i < 4; i += 1) {
        const { response } = await join({ name: `Limit ${i}`, phoneNumber });
        expect(response.statusCode, response.body).toBe(201);
      }
      const refused = await join({ name: 'Limit Late', phoneNumber, partySize: 3 });
      expectApiError(refused.response, 429, 'PHONE_JOIN_LIMITED');
      const { rows } = await t.database.db.query('select 1 from wait_entries where phone_number = $1', [
        phoneNumber,
      ]);
      expect(rows).toHaveLength(4 + 4);
    });
  });

  it("lets the desk's Add walk-in put a party down, within the same setting", async () => {
    const add = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/walk-ins',
        headers: { ...owner.headers, 'idempotency-key': idempotencyKey() },
        payload: { serviceType: 'Facials', ...payload },
      });
    const added = await add({ name: 'Desk Party', partySize: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const rows = await partyRows(added.json().waitId);
    expect(rows.map((row) => [row.name, row.party_position, row.party_size])).toEqual([
      ['Desk Party', 1, 2],
      ['Desk Party +1', 2, 2],
    ]);
    const refused = expectApiError(await add({ name: 'Desk Crowd', partySize: 5 }), 400, 'VALIDATION_FAILED');
    expect(refused.message).toBe('This business takes parties of up to 4 people.');
  });

  describe("the customer's page acts for the whole party", () => {
    it('Leave cancels every member still waiting or called, not one in service', async () => {
      const party = await joinParty('Leave Party', 3);
      const [, second, third] = await partyRows(party.waitId);
      expect((await staffAction(t.app, owner, second!.id, 'call')).statusCode).toBe(200);
      expect((await staffAction(t.app, owner, third!.id, 'call')).statusCode).toBe(200);
      expect((await staffAction(t.app, owner, third!.id, 'start')).statusCode).toBe(200);
      const left = await customerPost(party, 'leave');
      expect(left.statusCode, left.body).toBe(200);
      expect((await partyRows(party.waitId)).map((row) => row.status)).toEqual([
        'cancelled',
        'cancelled',
        'in_service',
      ]);
    });

    it('Leave is refused while the lead is being served, and changes no member', async () => {
      const party = await joinParty('Served Lead', 2);
      expect((await staffAction(t.app, owner, party.waitId, 'call')).statusCode).toBe(200);
      expect((await staffAction(t.app, owner, party.waitId, 'start')).statusCode).toBe(200);
      expectApiError(await customerPost(party, 'leave'), 409, 'STATUS_CHANGE_NOT_ALLOWED');
      expect((await partyRows(party.waitId)).map((row) => row.status)).toEqual(['in_service', 'waiting']);
    });

    it('"I need more time" holds every waiting member, "I\'m here" marks them all', async () => {
      const party = await joinParty('Hold Party', 3);
      const held = await customerPost(party, 'more-time', { minutes: 10 });
      expect(held.statusCode, held.body).toBe(200);
      const rows = await partyRows(party.waitId);
      expect(rows.every((row) => row.back_by !== null)).toBe(true);
      expect(new Set(rows.map((row) => new Date(row.back_by!).toISOString())).size).toBe(1);
      const here = await customerPost(party, 'arrived');
      expect(here.statusCode, here.body).toBe(200);
      const arrived = await partyRows(party.waitId);
      expect(arrived.every((row) => row.arrived_at !== null && row.back_by === null)).toBe(true);
    });

    it('moves the whole party back together when its held time runs out', async () => {
      await emptyLine();
      const start = Date.now();
      now = start;
      try {
        const party = await joinParty('Late Party', 3);
        const after = await joinParty('On Time', 1);
        expect((await customerPost(party, 'more-time', { minutes: 10 })).statusCode).toBe(200);
        now = start + 11 * MINUTE;
        expect(await view(party)).toMatchObject({ movedBack: true, position: 2 });
        // The app looks every few seconds; a hang guard, not a speed limit.
        await expect
          .poll(
            async () =>
              (await board()).entries.filter((entry) => entry.party?.id === party.waitId && entry.movedBackAt)
                .length,
            { timeout: 30_000 },
          )
          .toBe(3);
        const waiting = (await board()).entries.filter((entry) => entry.status === 'waiting');
        expect(waiting.map((entry) => entry.name)).toEqual([
          'On Time',
          'Late Party',
          'Late Party +1',
          'Late Party +2',
        ]);
        expect(after.waitId).toBe(waiting[0]!.waitId);
      } finally {
        now = Date.now();
      }
    });
  });

  it('puts a Party column in the CSV with names and phones: "2 of 3", empty for a party of one', async () => {
    const party = await joinParty('Csv Party', 3);
    // The salon's today (createBusiness: New York) and the day before: "Just Me" joined tests ago,
    // so the business's midnight may have passed since, which a range of today alone would miss.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const range = `from=${addDays(today, -1)}&to=${today}`;
    const csv = async (phones: string, language = 'en') => {
      const response = await t.app.inject({
        url: `/api/v1/staff/insights/visits.csv?${range}&phones=${phones}&language=${language}`,
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body.split('\r\n').filter(Boolean);
    };
    const [header, ...rows] = await csv('1');
    expect(header!.endsWith(',Name,Phone,Party')).toBe(true);
    const phone = (await partyRows(party.waitId))[0]!.phone_number.slice(2);
    const shown = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    expect(
      rows.filter((line) => line.includes('Csv Party')).map((line) => line.split(',').slice(-3)),
    ).toEqual([
      ['Csv Party', shown, '1 of 3'],
      ['Csv Party +1', shown, '2 of 3'],
      ['Csv Party +2', shown, '3 of 3'],
    ]);
    expect(rows.find((line) => line.includes('Just Me'))).toMatch(/,$/);
    // The console in Spanish: the place in the party is worded, the names are data.
    const [spanishHeader, ...spanishRows] = await csv('1', 'es');
    expect(spanishHeader!.endsWith(',Nombre,Teléfono,Grupo')).toBe(true);
    expect(
      spanishRows.filter((line) => line.includes('Csv Party')).map((line) => line.split(',').slice(-3)),
    ).toEqual([
      ['Csv Party', shown, '1 de 3'],
      ['Csv Party +1', shown, '2 de 3'],
      ['Csv Party +2', shown, '3 de 3'],
    ]);
    const [withoutContacts] = await csv('0');
    expect(withoutContacts).not.toContain('Party');
  });
});
