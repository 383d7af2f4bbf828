import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivacyService } from '../../src/server/features/privacy/privacy.service.ts';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { walkInLandingSchema } from '../../src/shared/schemas.ts';
import { addDays, boardResponseSchema, businessSettingsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { buildJoinRequest, idempotencyKey } from '../support/factories.ts';
import { createBusiness, type StaffSession, signInStaff, type TestBusiness } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let phoneCounter = 0;
const freshPhone = () => `+1415555${String(6000 + (phoneCounter++ % 3000)).padStart(4, '0')}`;

/** Issue 24 item 7: the business's own questions when customers join (docs/join-fields.md). */
describe.each(databaseKinds)('custom join fields, on %s', (kind) => {
  let t: TestApp;
  let salon: TestBusiness;
  let owner: StaffSession;
  let demoOwner: StaffSession;
  let demoDesk: StaffSession;
  // The fields as the server saved them: their ids are the server's.
  let stylistId: string;
  let allergiesId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    salon = await createBusiness(t.database.db);
    owner = await signInStaff(t.app, salon.owner);
    demoOwner = await signInStaff(t.app);
    demoDesk = await signInStaff(t.app, DEMO_FRONT_DESK);
    const saved = await saveFields(owner, [
      { label: 'Stylist preference', required: true },
      { label: 'Allergies', required: false, maxLength: 20 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const fields = businessSettingsSchema.parse(saved.json()).joinFields;
    stylistId = fields[0]!.id;
    allergiesId = fields[1]!.id;
  });
  afterAll(async () => t?.close());

  function saveFields(session: StaffSession, fields: object[]) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/join-fields',
      headers: session.headers,
      payload: { fields },
    });
  }

  async function join(companyId: string, payload: object) {
    const { authorization } = await t.signIn();
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/wait-list`,
      headers: { authorization, 'idempotency-key': idempotencyKey() },
      payload: buildJoinRequest({ phoneNumber: freshPhone(), ...payload }),
    });
  }

  async function storedAnswers(waitId: string) {
    const { rows } = await t.database.db.query<{ join_answers: unknown }>(
      'select join_answers from wait_entries where id = $1',
      [waitId],
    );
    return rows[0]?.join_answers;
  }

  const boardOf = async (session: StaffSession) =>
    boardResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/staff/board', headers: session.headers })).json(),
    );

  describe("the owner's definitions", () => {
    it('keeps them in order with their defaults, and the landing data carries them', async () => {
      const settings = businessSettingsSchema.parse(
        (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
      );
      expect(settings.joinFields).toEqual([
        { id: stylistId, label: 'Stylist preference', required: true, maxLength: 100 },
        { id: allergiesId, label: 'Allergies', required: false, maxLength: 20 },
      ]);
      const landing = walkInLandingSchema.parse(
        (await t.app.inject({ url: `/api/v1/companies/${salon.companyId}/walk-in` })).json(),
      );
      expect(landing.joinFields.map((field) => field.label)).toEqual(['Stylist preference', 'Allergies']);
    });

    it('refuses a fourth field, a label over 40 characters, an answer longer than 200, and anyone but the owner', async () => {
      const four = [1, 2, 3, 4].map((n) => ({ label: `Question ${n}` }));
      expect(expectApiError(await saveFields(owner, four), 400, 'VALIDATION_FAILED').field).toBe('fields');
      expect(
        expectApiError(await saveFields(owner, [{ label: 'x'.repeat(41) }]), 400, 'VALIDATION_FAILED').field,
      ).toBe('fields.0.label');
      expect(
        expectApiError(
          await saveFields(owner, [{ label: 'Notes', maxLength: 201 }]),
          400,
          'VALIDATION_FAILED',
        ).field,
      ).toBe('fields.0.maxLength');
      expectApiError(await saveFields(demoDesk, [{ label: 'Allergies' }]), 403, 'ROLE_NOT_ALLOWED');
      // Nothing of that was kept.
      const landing = walkInLandingSchema.parse(
        (await t.app.inject({ url: `/api/v1/companies/${salon.companyId}/walk-in` })).json(),
      );
      expect(landing.joinFields).toHaveLength(2);
      const demo = walkInLandingSchema.parse(
        (await t.app.inject({ url: '/api/v1/companies/demo/walk-in' })).json(),
      );
      expect(demo.joinFields).toEqual([]);
    });

    it('refuses a field id the business does not have, or one listed twice', async () => {
      const forged = await saveFields(owner, [{ id: 'abc123', label: 'Forged' }]);
      expect(expectApiError(forged, 400, 'VALIDATION_FAILED').field).toBe('fields');
      const twice = await saveFields(owner, [
        { id: stylistId, label: 'Stylist preference' },
        { id: stylistId, label: 'Stylist again' },
      ]);
      expect(expectApiError(twice, 400, 'VALIDATION_FAILED').field).toBe('fields');
    });
  });

  describe('a join with answers', () => {
    it('stores them trimmed, with their questions, and the board shows them', async () => {
      const response = await join(salon.companyId, {
        name: 'Ana Answers',
        answers: { [stylistId]: '  Maria ', [allergiesId]: 'Latex' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { waitId } = response.json();
      expect(await storedAnswers(waitId)).toEqual([
        { id: stylistId, label: 'Stylist preference', value: 'Maria' },
        { id: allergiesId, label: 'Allergies', value: 'Latex' },
      ]);
      const row = (await boardOf(owner)).entries.find((entry) => entry.waitId === waitId);
      expect(row?.joinAnswers).toEqual([
        { id: stylistId, label: 'Stylist preference', value: 'Maria' },
        { id: allergiesId, label: 'Allergies', value: 'Latex' },
      ]);
    });

    it('refuses a missing required answer, naming the field', async () => {
      for (const answers of [{}, { [stylistId]: '   ' }]) {
        const error = expectApiError(await join(salon.companyId, { answers }), 400, 'VALIDATION_FAILED');
        expect(error.field).toBe(`answers.${stylistId}`);
        expect(error.message).toBe('Please fill in Stylist preference');
      }
      // No answers at all is the same refusal.
      const error = expectApiError(await join(salon.companyId, {}), 400, 'VALIDATION_FAILED');
      expect(error.field).toBe(`answers.${stylistId}`);
    });

    it('refuses an answer longer than its field allows', async () => {
      const error = expectApiError(
        await join(salon.companyId, { answers: { [stylistId]: 'Maria', [allergiesId]: 'x'.repeat(21) } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.field).toBe(`answers.${allergiesId}`);
      expect(error.message).toBe('Allergies can be at most 20 characters');
    });

    it('refuses an answer to a question the business does not ask', async () => {
      const error = expectApiError(
        await join(salon.companyId, { answers: { [stylistId]: 'Maria', shoeSize: '9' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.field).toBe('answers');
    });

    it('takes the answers from the desk too, checked the same way', async () => {
      const add = (payload: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/staff/walk-ins',
          headers: { ...owner.headers, 'idempotency-key': idempotencyKey() },
          payload: { name: 'Desk Guest', serviceType: 'Facials', ...payload },
        });
      expect(expectApiError(await add({}), 400, 'VALIDATION_FAILED').field).toBe(`answers.${stylistId}`);
      const added = await add({ answers: { [stylistId]: 'James' } });
      expect(added.statusCode, added.body).toBe(201);
      expect(await storedAnswers(added.json().waitId)).toEqual([
        { id: stylistId, label: 'Stylist preference', value: 'James' },
      ]);
    });

    it('leaves a join to a business without fields as it was: nothing stored, answers refused', async () => {
      const plain = await join('demo', { name: 'Plain Walk-in' });
      expect(plain.statusCode, plain.body).toBe(201);
      expect(await storedAnswers(plain.json().waitId)).toBeNull();
      const row = (await boardOf(demoOwner)).entries.find((entry) => entry.waitId === plain.json().waitId);
      expect(row?.joinAnswers).toBeNull();
      expect(
        expectApiError(await join('demo', { answers: { [stylistId]: 'Maria' } }), 400, 'VALIDATION_FAILED')
          .field,
      ).toBe('answers');
    });
  });

  describe('with the rest of the business', () => {
    it('puts one CSV column per field defined now, by label, with names and phones only', async () => {
      const joined = await join(salon.companyId, {
        name: 'Csv Customer',
        answers: { [stylistId]: 'Maria, please', [allergiesId]: '' },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      // The salon's today (createBusiness: New York) and the day before: the join above may have
      // been just before the business's midnight, and this read just after.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
      const csv = async (phones: string) => {
        const response = await t.app.inject({
          url: `/api/v1/staff/insights/visits.csv?from=${addDays(today, -1)}&to=${today}&phones=${phones}`,
          headers: owner.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.body.split('\r\n').filter(Boolean);
      };
      const [header, ...rows] = await csv('1');
      expect(header!.endsWith(',Name,Phone,Party,Stylist preference,Allergies')).toBe(true);
      expect(rows.find((line) => line.includes('Csv Customer'))).toMatch(/,"Maria, please",$/);
      const [withoutContacts] = await csv('0');
      expect(withoutContacts).not.toContain('Stylist preference');
    });

    it('blanks the answers where retention anonymises the visit, and exports them before', async () => {
      const phoneNumber = freshPhone();
      const joined = await join(salon.companyId, {
        name: 'Kept Private',
        phoneNumber,
        answers: { [stylistId]: 'Maria', [allergiesId]: 'Peanuts' },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const { waitId } = joined.json();

      const exported = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/customers/export',
        headers: owner.headers,
        payload: { phoneNumber },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json().visits).toEqual([
        expect.objectContaining({
          waitId,
          joinAnswers: [
            { id: stylistId, label: 'Stylist preference', value: 'Maria' },
            { id: allergiesId, label: 'Allergies', value: 'Peanuts' },
          ],
        }),
      ]);

      await t.database.db.query('update companies set retention_days = 30 where id = $1', [salon.companyId]);
      await t.database.db.query("update wait_entries set date = now() - interval '31 days' where id = $1", [
        waitId,
      ]);
      await createPrivacyService({ db: t.database.db, eventLog: { flushSoon: () => {} } }).runRetention();
      expect(await storedAnswers(waitId)).toBeNull();
      // The board's copies of the visit in the realtime log lose them too.
      const { rows } = await t.database.db.query<{ answers: unknown }>(
        `select data->'joinAnswers' as answers from realtime_pending where data->>'waitId' = $1
         union all select data->'joinAnswers' from realtime_events where data->>'waitId' = $1`,
        [waitId],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.answers).toBeNull();
    });

    it("blanks the answers when the owner erases a customer's visits", async () => {
      const phoneNumber = freshPhone();
      const joined = await join(salon.companyId, { phoneNumber, answers: { [stylistId]: 'Maria' } });
      expect(joined.statusCode, joined.body).toBe(201);
      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/customers/erase',
        headers: owner.headers,
        payload: { phoneNumber },
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await storedAnswers(joined.json().waitId)).toBeNull();
      const row = (await boardOf(owner)).entries.find((entry) => entry.waitId === joined.json().waitId);
      expect(row?.joinAnswers).toBeNull();
    });

    it('lets a phone join by text, which cannot ask the questions, even where one is required', async () => {
      const phoneNumber = freshPhone();
      for (const body of ['Hi', '1', 'Tex Texter']) {
        const sent = await t.app.inject({
          method: 'POST',
          url: '/api/v1/staff/sms/reply',
          headers: owner.headers,
          payload: { phoneNumber, body },
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      const { rows } = await t.database.db.query<{ name: string; join_answers: unknown }>(
        'select name, join_answers from wait_entries where company_id = $1 and phone_number = $2',
        [salon.companyId, phoneNumber],
      );
      expect(rows).toEqual([{ name: 'Tex Texter', join_answers: null }]);
    });

    it('keeps what past visits answered when the owner removes a field', async () => {
      const joined = await join(salon.companyId, {
        answers: { [stylistId]: 'Maria', [allergiesId]: 'None' },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const saved = await saveFields(owner, [{ id: stylistId, label: 'Stylist preference', required: true }]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(businessSettingsSchema.parse(saved.json()).joinFields.map((field) => field.id)).toEqual([
        stylistId,
      ]);
      const row = (await boardOf(owner)).entries.find((entry) => entry.waitId === joined.json().waitId);
      expect(row?.joinAnswers?.map((answer) => answer.label)).toEqual(['Stylist preference', 'Allergies']);
      // The removed field is no longer asked: an answer to it is refused.
      expect(
        expectApiError(
          await join(salon.companyId, { answers: { [stylistId]: 'Maria', [allergiesId]: 'None' } }),
          400,
          'VALIDATION_FAILED',
        ).field,
      ).toBe('answers');
    });
  });
});
