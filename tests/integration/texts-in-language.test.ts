import { randomUUID } from 'node:crypto';
import { SegmentedMessage } from 'sms-segments-calculator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_WORDS } from '../../src/server/features/sms/sms-texts.ts';
import { createRecordingSmsSender } from '../../src/server/sms/sms-sender.ts';
import type { JoinWaitListRequest } from '../../src/shared/schemas.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { buildJoinRequest } from '../support/factories.ts';
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
/** A number of its own for each customer: opt-outs never leak between tests. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+1415556${String(1000 + phoneCounter).slice(-4)}`;
}

/** Issue 27: every text in the language the customer joined in (docs/languages.md). */
describe.each(databaseKinds)('texts in the customer language on %s', (kind) => {
  let t: TestApp;
  let staff: StaffSession;
  const sender = createRecordingSmsSender();

  beforeAll(async () => {
    t = await createTestApp(kind, { smsSender: sender, env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000' } });
    staff = await signInStaff(t.app);
  });
  afterAll(async () => t?.close());

  const sentTo = (phone: string) => sender.sent.filter((text) => text.to === phone).map((text) => text.body);
  const reply = (phoneNumber: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sms/reply',
      headers: staff.headers,
      payload: { phoneNumber, body },
    });
  /** A join from a page in `language`: the app sends it as the request's Accept-Language. */
  async function joinReading(
    language: string,
    overrides: Partial<JoinWaitListRequest>,
    companyId = 'demo',
  ): Promise<{ waitId: string }> {
    const { authorization } = await t.signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/wait-list`,
      headers: { authorization, 'idempotency-key': randomUUID(), 'accept-language': language },
      payload: buildJoinRequest(overrides),
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { waitId: string };
  }
  /** Settings, Business, as the owner saves it: the address as it is, and the changes given. */
  const saveBusiness = (business: TestBusiness, owner: StaffSession, changes: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/settings/company',
      headers: owner.headers,
      payload: {
        name: business.name,
        street: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        ...changes,
      },
    });
  const fill = (wording: string, values: Record<string, string>) =>
    Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, value), wording);

  it('texts a customer who joined in Spanish in Spanish, keeps the language on the visit, and answers PARAR', async () => {
    const phone = freshPhone();
    const customer = await joinReading('es', {
      phoneNumber: phone,
      serviceType: 'Massage',
      name: 'Ana',
    });
    const join = fill(SMS_WORDS.es.join, { business: 'Bella Demo Salon', service: 'Massage' });
    expect(join).toContain('PARAR');
    await expect.poll(() => sentTo(phone)).toEqual([join]);
    const stored = await t.database.db.query<{ language: string }>(
      'select language from wait_entries where id = $1',
      [customer.waitId],
    );
    expect(stored.rows).toEqual([{ language: 'es' }]);

    await staffAction(t.app, staff, customer.waitId, 'call');
    const called = fill(SMS_WORDS.es.called, { business: 'Bella Demo Salon', name: 'Ana' });
    await expect.poll(() => sentTo(phone)).toEqual([join, called]);

    // The Spanish opt-out word stops the texts, and the answer is Spanish.
    expect((await reply(phone, 'parar')).json()).toEqual({ outcome: 'stop' });
    await expect.poll(() => sentTo(phone)).toEqual([join, called, SMS_WORDS.es.replies.stop]);
    const optedOut = await t.database.db.query('select 1 from sms_opt_outs where phone_number = $1', [phone]);
    expect(optedOut.rows).toHaveLength(1);
    expect((await reply(phone, 'COMENZAR')).json()).toEqual({ outcome: 'start' });
    expect((await reply(phone, 'AYUDA')).json()).toEqual({ outcome: 'help' });
    await expect
      .poll(() => sentTo(phone).slice(3))
      .toEqual([
        SMS_WORDS.es.replies.start('Bella Demo Salon'),
        SMS_WORDS.es.replies.help('Bella Demo Salon'),
      ]);
  });

  it("answers the carriers' English STOP in the customer's language", async () => {
    const phone = freshPhone();
    await joinReading('zh-Hans', { phoneNumber: phone });
    await expect.poll(() => sentTo(phone).length).toBe(1);
    expect((await reply(phone, 'STOP')).json()).toEqual({ outcome: 'stop' });
    await expect.poll(() => sentTo(phone)[1]).toBe(SMS_WORDS['zh-Hans'].replies.stop);
  });

  it('texts a Vietnamese customer in Vietnamese, which goes as UCS-2', async () => {
    const phone = freshPhone();
    await joinReading('vi', { phoneNumber: phone, serviceType: 'Facials' });
    const join = fill(SMS_WORDS.vi.join, { business: 'Bella Demo Salon', service: 'Facials' });
    await expect.poll(() => sentTo(phone)).toEqual([join]);
    expect(join).toContain('quý khách');
    expect(new SegmentedMessage(join).encodingName).toBe('UCS-2');
  });

  it("uses the business's own wording for its language, and another language's default for the others", async () => {
    const business = await createBusiness(t.database.db, { services: ['Cut'] });
    const owner = await signInStaff(t.app, business.owner);
    const saved = await saveBusiness(business, owner, {
      smsJoinText: '{business}: see you soon for {service}! Reply STOP to opt out.',
      smsCalledText: '{business}: {name}, your chair is ready!',
    });
    expect(saved.statusCode).toBe(200);
    const english = freshPhone();
    const spanish = freshPhone();
    const unsaid = freshPhone();
    const englishCustomer = await joinReading(
      'en',
      { phoneNumber: english, serviceType: 'Cut', name: 'Al' },
      business.companyId,
    );
    const spanishCustomer = await joinReading(
      'es',
      { phoneNumber: spanish, serviceType: 'Cut', name: 'Bea' },
      business.companyId,
    );
    // A join that says no language (a program on the API, no Accept-Language) speaks the business's.
    await joinAsNewCustomer(t, { phoneNumber: unsaid, serviceType: 'Cut' }, business.companyId);
    await expect
      .poll(() => sentTo(english))
      .toEqual([`${business.name}: see you soon for Cut! Reply STOP to opt out.`]);
    await expect
      .poll(() => sentTo(spanish))
      .toEqual([fill(SMS_WORDS.es.join, { business: business.name, service: 'Cut' })]);
    await expect
      .poll(() => sentTo(unsaid))
      .toEqual([`${business.name}: see you soon for Cut! Reply STOP to opt out.`]);
    // The call too: the business's wording for its language, the Spanish default for Spanish.
    await staffAction(t.app, owner, englishCustomer.waitId, 'call');
    await staffAction(t.app, owner, spanishCustomer.waitId, 'call');
    await expect.poll(() => sentTo(english)[1]).toBe(`${business.name}: Al, your chair is ready!`);
    await expect
      .poll(() => sentTo(spanish)[1])
      .toBe(fill(SMS_WORDS.es.called, { business: business.name, name: 'Bea' }));

    // The business now speaks Spanish: the wording it saves is for Spanish customers; its English
    // wording stays its English customers'.
    const switched = await saveBusiness(business, owner, {
      smsJoinText: '{business}: nos vemos pronto para {service}. Responde PARAR para darte de baja.',
      language: 'es',
    });
    expect(switched.statusCode).toBe(200);
    const later = freshPhone();
    const englishLater = freshPhone();
    await joinAsNewCustomer(t, { phoneNumber: later, serviceType: 'Cut' }, business.companyId);
    await joinReading('en', { phoneNumber: englishLater, serviceType: 'Cut' }, business.companyId);
    await expect
      .poll(() => sentTo(later))
      .toEqual([`${business.name}: nos vemos pronto para Cut. Responde PARAR para darte de baja.`]);
    await expect
      .poll(() => sentTo(englishLater))
      .toEqual([`${business.name}: see you soon for Cut! Reply STOP to opt out.`]);
  });

  it("words each language's texts as the owner wrote them for it, and the language's default where they wrote none", async () => {
    const business = await createBusiness(t.database.db, { services: ['Cut'] });
    const owner = await signInStaff(t.app, business.owner);
    const saved = await saveBusiness(business, owner, {
      smsTexts: {
        en: { join: '', called: '' },
        es: { join: '{business}: le esperamos para {service}. PARAR para no recibir mas.' },
        vi: { called: '{name} ơi, đến lượt quý khách tại {business}!' },
      },
    });
    expect(saved.statusCode).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/settings',
      headers: owner.headers,
    });
    expect(settings.json().smsTextsByLanguage.es).toEqual({
      join: '{business}: le esperamos para {service}. PARAR para no recibir mas.',
      called: '',
      defaultJoin: SMS_WORDS.es.join,
      defaultCalled: SMS_WORDS.es.called,
    });
    expect(settings.json().smsTextsByLanguage.vi.called).toBe(
      '{name} ơi, đến lượt quý khách tại {business}!',
    );
    expect(settings.json().smsJoinText).toBe('');
    const rows = await t.database.db.query<{ smsTexts: unknown }>(
      'select sms_texts as "smsTexts" from companies where id = $1',
      [business.companyId],
    );
    // Empty texts are not kept: they are the default.
    expect(rows.rows[0]?.smsTexts).toEqual({
      es: { join: '{business}: le esperamos para {service}. PARAR para no recibir mas.' },
      vi: { called: '{name} ơi, đến lượt quý khách tại {business}!' },
    });

    const spanish = freshPhone();
    const vietnamese = freshPhone();
    const english = freshPhone();
    await joinReading('es', { phoneNumber: spanish, serviceType: 'Cut' }, business.companyId);
    const vietnameseCustomer = await joinReading(
      'vi',
      { phoneNumber: vietnamese, serviceType: 'Cut', name: 'Lan' },
      business.companyId,
    );
    await joinReading('en', { phoneNumber: english, serviceType: 'Cut' }, business.companyId);
    await expect
      .poll(() => sentTo(spanish))
      .toEqual([`${business.name}: le esperamos para Cut. PARAR para no recibir mas.`]);
    await expect
      .poll(() => sentTo(vietnamese))
      .toEqual([fill(SMS_WORDS.vi.join, { business: business.name, service: 'Cut' })]);
    await expect
      .poll(() => sentTo(english))
      .toEqual([fill(SMS_WORDS.en.join, { business: business.name, service: 'Cut' })]);
    await staffAction(t.app, owner, vietnameseCustomer.waitId, 'call');
    await expect.poll(() => sentTo(vietnamese)[1]).toBe(`Lan ơi, đến lượt quý khách tại ${business.name}!`);
  });

  it('refuses wording for a language CheckN does not speak, and a text over 320 characters', async () => {
    const business = await createBusiness(t.database.db, { services: ['Cut'] });
    const owner = await signInStaff(t.app, business.owner);
    const save = (smsTexts: unknown) => saveBusiness(business, owner, { smsTexts });
    expect((await save({ fr: { join: 'Bonjour {name}' } })).statusCode).toBe(400);
    expect((await save({ es: { called: 'x'.repeat(321) } })).statusCode).toBe(400);
    expect((await save({ es: { called: 'x'.repeat(320) } })).statusCode).toBe(200);
  });

  it("texts a desk walk-in in the language the desk picked, else in the business's", async () => {
    const addAtDesk = async (phoneNumber: string, language?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/walk-ins',
        headers: { ...staff.headers, 'idempotency-key': randomUUID() },
        payload: {
          serviceType: 'Massage',
          name: 'Rosa Diaz',
          phoneNumber,
          ...(language ? { language } : {}),
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { waitId: string };
    };
    const picked = freshPhone();
    const unpicked = freshPhone();
    const { waitId } = await addAtDesk(picked, 'es');
    await addAtDesk(unpicked);
    await expect
      .poll(() => sentTo(picked))
      .toEqual([fill(SMS_WORDS.es.join, { business: 'Bella Demo Salon', service: 'Massage' })]);
    await expect
      .poll(() => sentTo(unpicked))
      .toEqual([fill(SMS_WORDS.en.join, { business: 'Bella Demo Salon', service: 'Massage' })]);
    const stored = await t.database.db.query<{ language: string | null }>(
      'select language from wait_entries where id = $1',
      [waitId],
    );
    expect(stored.rows[0]?.language).toBe('es');
    // The board says which language the desk's first choice is: the business's.
    const board = await t.app.inject({ method: 'GET', url: '/api/v1/staff/board', headers: staff.headers });
    expect(board.json().language).toBe('en');
  });

  it("texts a reader whose browser asks for none of CheckN's languages in the business's", async () => {
    const phone = freshPhone();
    await joinReading('fr-FR,fr;q=0.9', { phoneNumber: phone, serviceType: 'Massage' });
    await expect
      .poll(() => sentTo(phone))
      .toEqual([fill(SMS_WORDS.en.join, { business: 'Bella Demo Salon', service: 'Massage' })]);
  });
});
