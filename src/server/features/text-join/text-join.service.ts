import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/languages.ts';
import { normalizeUsNumber } from '../../../shared/phone.ts';
import { companyIdSchema, joinWaitListRequestSchema } from '../../../shared/schemas.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { errorMessageIn } from '../../http/error-texts.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { OptOutScope, SmsRepository } from '../sms/sms.repository.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { keywordOf } from '../sms/sms-texts.ts';
import type { WaitListService } from '../wait-list/wait-list.service.ts';
import type { SmsConversation, TextJoinRepository } from './text-join.repository.ts';
import { CONVERSATION_MINUTES, TEXT_JOIN_WORDS, type TextCommand, textCommandOf } from './text-join-texts.ts';

type InboundText = { from: string; body: string; providerMessageId: string | null };
export type InboundOutcome = Awaited<ReturnType<SmsService['receive']>> | 'conversation';

/** The business a text is about, as the conversation needs it. */
type Business = { id: string; name: string; language: Language };

/**
 * Join by text (docs/text-messages.md): a phone texts JOIN (or, on a business's own number, any
 * first text), picks a service by its number, gives a name and joins the line through the same
 * join as the web page; STATUS and LEAVE answer about its place. Everything else a phone texts,
 * STOP / START / HELP first, goes on to the text messages as before (sms.service.ts receive).
 */
export function createTextJoinService(deps: {
  db: Database;
  conversations: TextJoinRepository;
  sms: Pick<SmsService, 'receive' | 'kick'>;
  texts: Pick<SmsRepository, 'insertInbound' | 'enqueueReply' | 'hasTexted'>;
  waitList: Pick<WaitListService, 'joinWaitList' | 'getOwnWaitEntry' | 'leaveWaitList'>;
  intake: Pick<IntakeService, 'ensureTakingWalkIns'>;
  companies: Pick<CompanyService, 'requireCompany' | 'listServices' | 'getWalkInLanding'>;
  customers: Pick<CustomerService, 'deskCustomer'>;
  /** The businesses' clock: conversations expire by it; tests set it. */
  now: () => number;
}) {
  const { db, conversations, sms, texts, waitList, intake, companies, customers } = deps;

  const sentToOf = (scope: OptOutScope) => (scope === 'shared-number' ? null : scope.companyId);
  const expiryFromNow = () => new Date(deps.now() + CONVERSATION_MINUTES * 60_000);

  async function businessOf(companyId: string): Promise<Business> {
    const company = await companies.requireCompany(companyId);
    return { id: company.id, name: company.name, language: company.language };
  }

  /** The business a code names ("JOIN demo", in any case); null when none does. */
  async function businessByCode(code: string): Promise<Business | null> {
    if (!companyIdSchema.safeParse(code).success) return null;
    try {
      const landing = await companies.getWalkInLanding(code);
      return businessOf(landing.companyId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'COMPANY_NOT_FOUND') return null;
      throw error;
    }
  }

  /**
   * The inbound text is recorded, then `handle` changes the conversation and answers, in one
   * transaction. Twilio retries a webhook it thinks failed: a text already recorded is not
   * handled again.
   */
  async function inConversation(
    text: InboundText,
    phoneNumber: string,
    companyId: string | null,
    handle: (answer: (body: string) => Promise<void>, tx: Queryable) => Promise<void>,
  ): Promise<InboundOutcome> {
    const inboundId = randomUUID();
    const handled = await db.transaction(async (tx) => {
      const stored = await texts.insertInbound(
        {
          id: inboundId,
          companyId,
          waitId: null,
          phoneNumber,
          body: text.body.slice(0, 1600),
          providerMessageId: text.providerMessageId,
        },
        tx,
      );
      if (!stored) return false;
      let answers = 0;
      // Each answer is a text like any other: the limits' trigger (migrations/0028) may block it.
      const answer = (body: string) =>
        texts.enqueueReply(
          {
            id: randomUUID(),
            companyId,
            kind: 'conversation',
            eventKey: `conversation:${inboundId}:${answers++}`,
            phoneNumber,
            body,
          },
          tx,
        );
      await handle(answer, tx);
      return true;
    });
    if (!handled) return 'ignored';
    sms.kick();
    return 'conversation';
  }

  /**
   * The numbered menu, unless the business takes no walk-ins now or the phone is in line already.
   * `keywordLanguage`: the language of the word that began it (UNIRSE), which the conversation
   * and the visit speak; null for JOIN or any other first text, which speak the business's.
   */
  async function startConversation(
    text: InboundText,
    phoneNumber: string,
    scope: OptOutScope,
    business: Business,
    keywordLanguage: Language | null,
  ) {
    const language = keywordLanguage ?? business.language;
    const words = TEXT_JOIN_WORDS[language];
    const refusal =
      (await refusalOf(() => intake.ensureTakingWalkIns(business.id, language), language)) ??
      ((await conversations.findEntryInLine(phoneNumber, business.id)) ? 'already-waiting' : null);
    const services = await companies.listServices(business.id);
    return inConversation(text, phoneNumber, business.id, async (answer, tx) => {
      if (refusal === 'already-waiting') return answer(words.alreadyWaiting(business.name));
      if (refusal) return answer(words.refused(business.name, refusal));
      await conversations.start(
        {
          id: randomUUID(),
          phoneNumber,
          sentTo: sentToOf(scope),
          companyId: business.id,
          services,
          expiresAt: expiryFromNow(),
          // Kept only when it is not the business's: a later change of the business's follows.
          language: keywordLanguage,
        },
        tx,
      );
      await answer(words.menu(business.name, services));
    });
  }

  /**
   * A refusal's words (closed, paused, full…: the web join's own) in the conversation's language,
   * or null when `check` passes.
   */
  async function refusalOf(check: () => Promise<unknown>, language: Language): Promise<string | null> {
    try {
      await check();
      return null;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return errorMessageIn(error, language);
      throw error;
    }
  }

  /** A reply within a conversation: the service's number, then the name, then the join. */
  async function continueConversation(text: InboundText, phoneNumber: string, conversation: SmsConversation) {
    const business = await businessOf(conversation.companyId);
    const language = conversation.language ?? business.language;
    const words = TEXT_JOIN_WORDS[language];
    if (conversation.step === 'service') {
      const choice = Number(text.body.trim().replace(/[.!)]+$/, ''));
      const service = Number.isInteger(choice) ? conversation.services[choice - 1] : undefined;
      return inConversation(text, phoneNumber, business.id, async (answer, tx) => {
        if (!service) return answer(words.notANumber(business.name, conversation.services));
        if (await conversations.chooseService(conversation.id, service, expiryFromNow(), tx))
          await answer(words.askName(business.name, service));
      });
    }
    // The web join's own rule for a name.
    const name = joinWaitListRequestSchema.shape.name.safeParse(text.body);
    if (!name.success) {
      const problem =
        name.error.issues[0]?.code === 'too_big'
          ? words.nameTooLong(LIMITS.nameMaxLength)
          : words.nameMissing;
      return inConversation(text, phoneNumber, business.id, (answer) =>
        answer(words.badName(business.name, problem)),
      );
    }
    let claimed = false;
    const outcome = await inConversation(text, phoneNumber, business.id, async (_answer, tx) => {
      claimed = await conversations.end(conversation.id, tx);
    });
    if (!claimed) return outcome;
    const refusal = await joinAs(phoneNumber, conversation, name.data, language);
    if (refusal)
      await texts.enqueueReply({
        id: randomUUID(),
        companyId: business.id,
        kind: 'conversation',
        eventKey: `conversation:${conversation.id}:refused`,
        phoneNumber,
        body:
          refusal === 'already-waiting'
            ? words.alreadyWaiting(business.name)
            : words.refused(business.name, refusal),
      });
    sms.kick();
    return outcome;
  }

  /**
   * The web join itself (hours, pause, caps, the per-phone limit, the join's text), as a customer
   * identity of the phone at this business that no device holds: each visit by text of one phone
   * shares its chat thread. The conversation's id is the join's idempotency key; the visit speaks
   * the conversation's language.
   */
  async function joinAs(
    phoneNumber: string,
    conversation: SmsConversation,
    name: string,
    language: Language,
  ): Promise<string | 'already-waiting' | null> {
    if (await conversations.findEntryInLine(phoneNumber, conversation.companyId)) return 'already-waiting';
    const customerId = await customers.deskCustomer(`text:${conversation.companyId}:${phoneNumber}`);
    return refusalOf(
      () =>
        waitList.joinWaitList({
          companyId: conversation.companyId,
          customerId,
          idempotencyKey: `text:${conversation.id}`,
          questionsNotAsked: true,
          language,
          request: {
            serviceType: conversation.serviceType ?? '',
            name,
            phoneNumber,
            allowSms: true,
            fcmToken: null,
          },
        }),
      language,
    );
  }

  /**
   * The language STATUS and LEAVE answer in: the keyword's (ESTADO), else the one the phone's
   * visit joined in, else the business's.
   */
  const answerLanguage = (
    keywordLanguage: Language | null,
    inLine: { language: Language | null } | null,
    business: Business,
  ): Language => keywordLanguage ?? inLine?.language ?? business.language;

  /** STATUS: the phone's place and estimate at the business. */
  async function answerStatus(
    text: InboundText,
    phoneNumber: string,
    business: Business,
    keywordLanguage: Language | null,
  ) {
    const inLine = await conversations.findEntryInLine(phoneNumber, business.id);
    const words = TEXT_JOIN_WORDS[answerLanguage(keywordLanguage, inLine, business)];
    const entry = inLine
      ? await waitList.getOwnWaitEntry(business.id, inLine.waitId, inLine.customerId)
      : null;
    return inConversation(text, phoneNumber, business.id, (answer) => {
      if (entry?.status === 'waiting' && entry.position !== null)
        return answer(words.position(business.name, entry.position, entry.estimatedWaitRange));
      if (entry?.status === 'called') return answer(words.called(business.name));
      return answer(words.notInLine(business.name));
    });
  }

  /** LEAVE: off the line, as "Leave the wait list" on the customer's page. */
  async function answerLeave(
    text: InboundText,
    phoneNumber: string,
    business: Business,
    keywordLanguage: Language | null,
  ) {
    const inLine = await conversations.findEntryInLine(phoneNumber, business.id);
    const language = answerLanguage(keywordLanguage, inLine, business);
    const words = TEXT_JOIN_WORDS[language];
    const left = inLine
      ? (await refusalOf(
          () => waitList.leaveWaitList(business.id, inLine.waitId, inLine.customerId),
          language,
        )) === null
      : false;
    return inConversation(text, phoneNumber, business.id, (answer) =>
      answer(left ? words.left(business.name) : words.notInLine(business.name)),
    );
  }

  /**
   * The business a command is about: the number's own business, else (the shared number) the
   * one the phone is in a conversation with, else the one whose text reached it last.
   */
  async function businessAddressed(
    phoneNumber: string,
    scope: OptOutScope,
    conversation: SmsConversation | null,
  ) {
    const companyId =
      sentToOf(scope) ?? conversation?.companyId ?? (await conversations.lastBusinessToText(phoneNumber));
    return companyId ? businessOf(companyId) : null;
  }

  async function join(
    text: InboundText,
    phoneNumber: string,
    scope: OptOutScope,
    code: string | null,
    conversation: SmsConversation | null,
    keywordLanguage: Language | null,
  ) {
    const sentTo = sentToOf(scope);
    const named = code === null ? null : await businessByCode(code);
    if (sentTo !== null) {
      const own = await businessOf(sentTo);
      // A business's number joins that business only.
      if (code !== null && named?.id !== own.id)
        return inConversation(text, phoneNumber, own.id, (answer) =>
          answer(TEXT_JOIN_WORDS[keywordLanguage ?? own.language].otherBusiness(own.name)),
        );
      return startConversation(text, phoneNumber, scope, own, keywordLanguage);
    }
    // No business to take a language from: the keyword's, else English (the shared number's).
    const unaddressed = TEXT_JOIN_WORDS[keywordLanguage ?? 'en'];
    if (code !== null && !named)
      return inConversation(text, phoneNumber, null, (answer) => answer(unaddressed.unknownCode(code)));
    const business = named ?? (await businessAddressed(phoneNumber, scope, conversation));
    if (!business)
      return inConversation(text, phoneNumber, null, (answer) => answer(unaddressed.whichBusiness));
    return startConversation(text, phoneNumber, scope, business, keywordLanguage);
  }

  async function command(
    text: InboundText,
    phoneNumber: string,
    scope: OptOutScope,
    order: TextCommand,
    conversation: SmsConversation | null,
  ): Promise<InboundOutcome | null> {
    if (order.kind === 'join')
      return join(text, phoneNumber, scope, order.code, conversation, order.language);
    const business = await businessAddressed(phoneNumber, scope, conversation);
    if (!business) return null;
    return order.kind === 'status'
      ? answerStatus(text, phoneNumber, business, order.language)
      : answerLeave(text, phoneNumber, business, order.language);
  }

  return {
    /**
     * A text from a customer's phone. `scope` is the number it was sent to: a business's own (the
     * outbox) or the one every business shares (Twilio).
     */
    async receive(text: InboundText, scope: OptOutScope): Promise<InboundOutcome> {
      const phoneNumber = normalizeUsNumber(text.from);
      const keyword = keywordOf(text.body);
      if (!phoneNumber || keyword) {
        const outcome = await sms.receive(text, scope);
        // STOP ends whatever the phone was in the middle of.
        if (phoneNumber && outcome === 'stop') await conversations.endFor(phoneNumber, sentToOf(scope));
        return outcome;
      }
      const sentTo = sentToOf(scope);
      const conversation = await conversations.findActive(phoneNumber, sentTo, new Date(deps.now()));
      const order = textCommandOf(text.body);
      const addressed = sentTo ?? conversation?.companyId ?? null;
      // A phone that said STOP gets no conversation until START: its texts go on as before.
      if (await conversations.isOptedOut(phoneNumber, addressed ?? '')) return sms.receive(text, scope);
      if (order)
        return (await command(text, phoneNumber, scope, order, conversation)) ?? sms.receive(text, scope);
      if (conversation) return continueConversation(text, phoneNumber, conversation);
      // On a business's own number, a phone never on its list joins by texting anything.
      if (sentTo !== null && !(await conversations.hasVisited(phoneNumber, sentTo)))
        return startConversation(text, phoneNumber, scope, await businessOf(sentTo), null);
      return sms.receive(text, scope);
    },

    /**
     * The outbox console texts the business as a customer: from a number the business texted, or
     * from one never on its list (a new customer joining by text), never as someone on its list
     * who was not texted (their chat is not the console's to write in).
     */
    async mayTextAs(companyId: string, phoneNumber: string): Promise<boolean> {
      return (
        (await texts.hasTexted(companyId, phoneNumber)) ||
        !(await conversations.hasVisited(phoneNumber, companyId))
      );
    },

    /** Forgets conversations past their expiry (app.ts runs this every few minutes). */
    deleteExpired: () => conversations.deleteExpired(new Date(deps.now())),
  };
}

export type TextJoinService = ReturnType<typeof createTextJoinService>;
