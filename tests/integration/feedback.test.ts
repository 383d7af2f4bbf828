import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrivacyService } from '../../src/server/features/privacy/privacy.service.ts';
import { DEMO_FRONT_DESK } from '../../src/server/seed/demo.ts';
import { feedbackVisitSchema } from '../../src/shared/feedback-schemas.ts';
import { businessSettingsSchema, insightsSchema } from '../../src/shared/staff-schemas.ts';
import { expectApiError } from '../support/api-error.ts';
import { type JoinedCustomer, joinAsNewCustomer } from '../support/customer.ts';
import {
  createBusiness,
  type StaffSession,
  signInStaff,
  staffAction,
  type TestBusiness,
} from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { databaseKinds } from '../support/test-database.ts';

let phoneCounter = 0;
const freshPhone = () => `+1415555${String(3000 + (phoneCounter++ % 6000)).padStart(4, '0')}`;

const REVIEW_URL = 'https://g.page/r/bella-demo-salon/review';
const LINK = /^http:\/\/localhost:\d+\/demo\/feedback#t=([A-Za-z0-9_-]{43})$/;

/** Issue 24 item 8: a rating link texted after the visit (docs/feedback.md). */
describe.each(databaseKinds)('feedback after the visit, on %s', (kind) => {
  let t: TestApp;
  let owner: StaffSession;
  let desk: StaffSession;
  let other: TestBusiness;
  let otherOwner: StaffSession;
  const noFlush = { flushSoon: () => {} };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInStaff(t.app);
    desk = await signInStaff(t.app, DEMO_FRONT_DESK);
    other = await createBusiness(t.database.db);
    otherOwner = await signInStaff(t.app, other.owner);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.query(
      "update companies set ask_feedback = false, review_url = null where id = 'demo'",
    );
  });

  const db = () => t.database.db;

  const saveFeedbackSettings = (payload: Record<string, unknown>, session: StaffSession = owner) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/feedback',
      headers: session.headers,
      payload,
    });

  async function turnOn(reviewUrl = REVIEW_URL) {
    const response = await saveFeedbackSettings({ askFeedback: true, reviewUrl });
    expect(response.statusCode, response.body).toBe(200);
    return businessSettingsSchema.parse(response.json());
  }

  /** A walk-in who joins, is called and is marked Done by the front desk. */
  async function visit(overrides: { allowSms?: boolean; phoneNumber?: string } = {}) {
    const customer = await joinAsNewCustomer(t, { phoneNumber: freshPhone(), ...overrides });
    expect((await staffAction(t.app, desk, customer.waitId, 'call')).statusCode).toBe(200);
    const done = await staffAction(t.app, desk, customer.waitId, 'done');
    expect(done.statusCode, done.body).toBe(200);
    return customer;
  }

  async function feedbackTexts(waitId: string) {
    const { rows } = await db().query<{ body: string; phone_number: string; status: string }>(
      `select body, phone_number, status from sms_messages where wait_id = $1 and kind = 'feedback'`,
      [waitId],
    );
    return rows;
  }

  /** The token in the visit's text, as the customer's phone would open it. */
  async function tokenOf(customer: JoinedCustomer): Promise<string> {
    const [text] = await feedbackTexts(customer.waitId);
    const token = LINK.exec(text!.body.split(': ').at(-1)!)?.[1];
    expect(token, text!.body).toBeDefined();
    return token!;
  }

  const lookUp = (token: string, companyId = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/feedback/visit`,
      payload: { token },
    });
  const rate = (payload: Record<string, unknown>, companyId = 'demo') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/companies/${companyId}/feedback`, payload });

  async function feedbackRow(waitId: string) {
    const { rows } = await db().query<{
      rating: number | null;
      comment: string | null;
      token_hash: string;
      erased_at: Date | null;
    }>('select rating, comment, token_hash, erased_at from visit_feedback where wait_id = $1', [waitId]);
    return rows[0];
  }

  async function insights(session: StaffSession = owner) {
    const response = await t.app.inject({ url: '/api/v1/staff/insights?days=1', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return insightsSchema.parse(response.json()).feedback;
  }

  describe('the text after Done', () => {
    it('is off by default: Done texts nothing and keeps no link', async () => {
      const settings = businessSettingsSchema.parse(
        (await t.app.inject({ url: '/api/v1/staff/settings', headers: owner.headers })).json(),
      );
      expect(settings).toMatchObject({ askFeedback: false, reviewUrl: '' });
      const customer = await visit();
      expect(await feedbackTexts(customer.waitId)).toEqual([]);
      expect(await feedbackRow(customer.waitId)).toBeUndefined();
    });

    it('when on, texts one rating link with the Done, even when Done is pressed again', async () => {
      expect(await turnOn()).toMatchObject({ askFeedback: true, reviewUrl: REVIEW_URL });
      const customer = await visit();
      const again = await staffAction(t.app, desk, customer.waitId, 'done');
      expectApiError(again, 409, 'STATUS_CHANGE_NOT_ALLOWED');
      const token = await tokenOf(customer);
      // Even a visit brought back and marked Done again (say, by a fix at the desk) keeps its one link.
      await db().query("update wait_entries set status = 'in_service' where id = $1", [customer.waitId]);
      expect((await staffAction(t.app, desk, customer.waitId, 'done')).statusCode).toBe(200);
      const texts = await feedbackTexts(customer.waitId);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toMatch(
        /^Bella Demo Salon: thanks for visiting! How did we do\? Tap to rate your visit: http:\/\/localhost:\d+\/demo\/feedback#t=[A-Za-z0-9_-]{43}$/,
      );
      expect(texts[0]!.status).toBe('sent');
      // Only the token's hash is kept with the visit.
      expect((await feedbackRow(customer.waitId))!.token_hash).toBe(
        createHash('sha256').update(token).digest('hex'),
      );
    });

    it('texts nobody who said no to texts, or whose number replied STOP', async () => {
      await turnOn();
      const noTexts = await visit({ allowSms: false });
      const stopped = freshPhone();
      await db().query('insert into sms_opt_outs (phone_number, company_id) values ($1, $2)', [
        stopped,
        'demo',
      ]);
      const optedOut = await visit({ phoneNumber: stopped });
      for (const customer of [noTexts, optedOut]) {
        expect(await feedbackTexts(customer.waitId)).toEqual([]);
        expect(await feedbackRow(customer.waitId)).toBeUndefined();
      }
    });

    it('reaches a walk-in added at the desk by their number, and texts no one without a number', async () => {
      await turnOn();
      const doneAtDesk = async (payload: object) => {
        const added = await t.app.inject({
          method: 'POST',
          url: '/api/v1/staff/walk-ins',
          headers: desk.headers,
          payload: { name: 'At the desk', serviceType: 'Facials', ...payload },
        });
        expect(added.statusCode, added.body).toBe(201);
        const { waitId } = added.json() as { waitId: string };
        expect((await staffAction(t.app, desk, waitId, 'call')).statusCode).toBe(200);
        const done = await staffAction(t.app, desk, waitId, 'done');
        expect(done.statusCode, done.body).toBe(200);
        return waitId;
      };
      const withNumber = await doneAtDesk({ phoneNumber: freshPhone() });
      expect(await feedbackTexts(withNumber)).toHaveLength(1);
      const withoutNumber = await doneAtDesk({});
      expect(await feedbackTexts(withoutNumber)).toEqual([]);
      expect(await feedbackRow(withoutNumber)).toBeUndefined();
    });

    it('is bound by the business day limit of the texts trigger', async () => {
      await turnOn();
      const customer = await joinAsNewCustomer(t, { phoneNumber: freshPhone() });
      expect((await staffAction(t.app, desk, customer.waitId, 'call')).statusCode).toBe(200);
      // The business used its day's texts meanwhile.
      await db().query(
        `insert into sms_daily_counts (company_id, day, texts)
         select 'demo', (now() at time zone c.time_zone)::date, l.texts_per_business_per_day
           from companies c, texting_limits l where c.id = 'demo'
         on conflict (company_id, day) do update set texts = excluded.texts`,
      );
      try {
        expect((await staffAction(t.app, desk, customer.waitId, 'done')).statusCode).toBe(200);
        expect((await feedbackTexts(customer.waitId)).map((text) => text.status)).toEqual(['blocked']);
      } finally {
        await db().query("delete from sms_daily_counts where company_id = 'demo'");
      }
    });
  });

  describe('the settings', () => {
    it('take an https review link or none, and only from the owner', async () => {
      const refused = await saveFeedbackSettings({
        askFeedback: true,
        reviewUrl: 'http://example.com/review',
      });
      expect(expectApiError(refused, 400, 'VALIDATION_FAILED')).toMatchObject({
        field: 'reviewUrl',
        message: 'Paste the whole link to your review page, starting with https://',
      });
      // Links that parse but are not written out as https (the database checks the start).
      for (const reviewUrl of [
        'HTTPS://g.page/r/x/review',
        'https:g.page/r/x/review',
        'https://localhost/review',
      ])
        expectApiError(
          await saveFeedbackSettings({ askFeedback: true, reviewUrl }),
          400,
          'VALIDATION_FAILED',
        );
      expectApiError(
        await saveFeedbackSettings({ askFeedback: 'yes', reviewUrl: '' }),
        400,
        'VALIDATION_FAILED',
      );
      expectApiError(
        await saveFeedbackSettings({ askFeedback: true, reviewUrl: '' }, desk),
        403,
        'ROLE_NOT_ALLOWED',
      );
      const saved = businessSettingsSchema.parse(
        (await saveFeedbackSettings({ askFeedback: true, reviewUrl: '' })).json(),
      );
      expect(saved).toMatchObject({ askFeedback: true, reviewUrl: '' });
    });
  });

  describe('the rating page', () => {
    it('shows the visit, keeps a happy rating and offers the review link', async () => {
      await turnOn();
      const customer = await visit();
      const token = await tokenOf(customer);
      const shown = feedbackVisitSchema.parse((await lookUp(token)).json());
      expect(shown).toMatchObject({
        businessName: 'Bella Demo Salon',
        serviceType: 'Facials',
        rating: null,
        comment: '',
        reviewUrl: null,
      });
      expect(shown.visitedOn).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
      const rated = await rate({ token, rating: 5 });
      expect(rated.statusCode, rated.body).toBe(200);
      expect(feedbackVisitSchema.parse(rated.json())).toMatchObject({ rating: 5, reviewUrl: REVIEW_URL });
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 5, comment: null });
    });

    it('keeps what went wrong with a low rating, and the rating can be changed', async () => {
      await turnOn();
      const customer = await visit();
      const token = await tokenOf(customer);
      const rated = feedbackVisitSchema.parse(
        (await rate({ token, rating: 2, comment: '  Waited 40 minutes past my turn.  ' })).json(),
      );
      expect(rated).toMatchObject({ rating: 2, comment: 'Waited 40 minutes past my turn.', reviewUrl: null });
      expect(await feedbackRow(customer.waitId)).toMatchObject({
        rating: 2,
        comment: 'Waited 40 minutes past my turn.',
      });
      // Changed to happy: the complaint no longer stands.
      expect(
        feedbackVisitSchema.parse((await rate({ token, rating: 4, comment: 'ignored' })).json()),
      ).toMatchObject({ rating: 4, comment: '', reviewUrl: REVIEW_URL });
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 4, comment: null });
    });

    it("refuses an unknown, another business's or an expired link with words for the customer", async () => {
      await turnOn();
      const customer = await visit();
      const token = await tokenOf(customer);
      expect(expectApiError(await lookUp('x'.repeat(43)), 404, 'FEEDBACK_LINK_NOT_FOUND').message).toBe(
        'We could not find this rating link. Please open it again from the text message.',
      );
      expectApiError(await lookUp('not-a-token'), 404, 'FEEDBACK_LINK_NOT_FOUND');
      expectApiError(await rate({ token: 'x'.repeat(43), rating: 5 }), 404, 'FEEDBACK_LINK_NOT_FOUND');
      expectApiError(await lookUp(token, other.companyId), 404, 'FEEDBACK_LINK_NOT_FOUND');
      expectApiError(await rate({ token, rating: 1 }, other.companyId), 404, 'FEEDBACK_LINK_NOT_FOUND');
      await db().query(
        "update visit_feedback set expires_at = now() - interval '1 minute' where wait_id = $1",
        [customer.waitId],
      );
      expect(expectApiError(await lookUp(token), 410, 'FEEDBACK_LINK_EXPIRED').message).toBe(
        'This rating link has expired: links work for 7 days after a visit. Thank you for visiting!',
      );
      expectApiError(await rate({ token, rating: 5 }), 410, 'FEEDBACK_LINK_EXPIRED');
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: null });
    });

    it('refuses a rating out of 1 to 5 and a comment over 1,000 characters', async () => {
      await turnOn();
      const customer = await visit();
      const token = await tokenOf(customer);
      for (const rating of [0, 6, 2.5, '5']) {
        const error = expectApiError(await rate({ token, rating }), 400, 'VALIDATION_FAILED');
        expect(error).toMatchObject({ field: 'rating', message: 'Choose from 1 to 5 stars' });
      }
      const long = expectApiError(
        await rate({ token, rating: 1, comment: 'a'.repeat(1001) }),
        400,
        'VALIDATION_FAILED',
      );
      expect(long).toMatchObject({ field: 'comment', message: 'Please keep it under 1000 characters' });
      expect((await rate({ token, rating: 1, comment: 'a'.repeat(1000) })).statusCode).toBe(200);
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 1 });
    });
  });

  describe('Insights', () => {
    it('count, average and spread the ratings, with the latest comments, for the owner only', async () => {
      await db().query('delete from visit_feedback');
      await turnOn();
      const ratings = [5, 4, 2, 5];
      for (const rating of ratings) {
        const token = await tokenOf(await visit());
        const comment = rating < 4 ? 'The music was too loud.' : undefined;
        expect((await rate({ token, rating, ...(comment ? { comment } : {}) })).statusCode).toBe(200);
      }
      // A visit texted but not rated counts for nothing.
      await visit();
      const figures = await insights();
      expect(figures).toMatchObject({ ratings: 4, average: 4, distribution: [0, 1, 0, 1, 2] });
      expect(figures.comments).toEqual([
        expect.objectContaining({ rating: 2, comment: 'The music was too loud.', serviceType: 'Facials' }),
      ]);
      // Another business's owner sees their own business only; the front desk sees no Insights.
      expect(await insights(otherOwner)).toEqual({
        ratings: 0,
        average: null,
        distribution: [0, 0, 0, 0, 0],
        comments: [],
      });
      expectApiError(
        await t.app.inject({ url: '/api/v1/staff/insights?days=1', headers: desk.headers }),
        403,
        'ROLE_NOT_ALLOWED',
      );
      // Nor can the front desk open a customer's rating from the Text messages page: the link is
      // the owner's there.
      const token = await tokenOf(await visit());
      const deskTexts = await t.app.inject({ url: '/api/v1/staff/sms', headers: desk.headers });
      expect(deskTexts.statusCode).toBe(200);
      expect(deskTexts.body).toContain('Tap to rate your visit: http');
      expect(deskTexts.body).not.toContain(token);
      const ownerTexts = await t.app.inject({ url: '/api/v1/staff/sms', headers: owner.headers });
      expect(ownerTexts.body).toContain(token);
      // Nor does the board carry the comment.
      const board = await t.app.inject({ url: '/api/v1/staff/board', headers: owner.headers });
      expect(board.body).not.toContain('The music was too loud.');
    });
  });

  describe('privacy', () => {
    async function rated(comment: string) {
      await turnOn();
      const customer = await visit();
      const token = await tokenOf(customer);
      expect((await rate({ token, rating: 1, comment })).statusCode).toBe(200);
      return { customer, token };
    }

    function ownerCall(action: 'export' | 'erase', phoneNumber: string) {
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/customers/${action}`,
        headers: owner.headers,
        payload: { phoneNumber },
      });
    }

    async function phoneOf(waitId: string) {
      const { rows } = await db().query<{ phone_number: string }>(
        'select phone_number from wait_entries where id = $1',
        [waitId],
      );
      return rows[0]!.phone_number;
    }

    it("is in the owner's export, and the owner's erase removes the comment and ends the link", async () => {
      const { customer, token } = await rated('Rude at the desk.');
      const phone = await phoneOf(customer.waitId);
      const exported = (await ownerCall('export', phone)).json() as { feedback: unknown[] };
      expect(exported.feedback).toEqual([
        expect.objectContaining({ waitId: customer.waitId, rating: 1, comment: 'Rude at the desk.' }),
      ]);
      expect((await ownerCall('erase', phone)).statusCode).toBe(200);
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 1, comment: null });
      expectApiError(await lookUp(token), 404, 'FEEDBACK_LINK_NOT_FOUND');
    });

    it('Forget me removes the comment and ends the link', async () => {
      const { customer, token } = await rated('Too expensive.');
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/demo/forget-me',
        headers: { authorization: customer.authorization },
      });
      expect(forgot.statusCode).toBe(200);
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 1, comment: null });
      expectApiError(await rate({ token, rating: 2, comment: 'again' }), 404, 'FEEDBACK_LINK_NOT_FOUND');
    });

    it('the retention pass removes the comment with its visit', async () => {
      const { customer, token } = await rated('Hair was uneven.');
      await db().query("update companies set retention_days = 30 where id = 'demo'");
      await db().query("update wait_entries set date = date - interval '31 days' where id = $1", [
        customer.waitId,
      ]);
      await createPrivacyService({ db: db(), eventLog: noFlush }).runRetention();
      expect(await feedbackRow(customer.waitId)).toMatchObject({ rating: 1, comment: null });
      expect((await feedbackRow(customer.waitId))!.erased_at).not.toBeNull();
      expectApiError(await lookUp(token), 404, 'FEEDBACK_LINK_NOT_FOUND');
    });
  });
});
