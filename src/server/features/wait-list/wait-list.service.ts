import { randomUUID } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { feedbackPath } from '../../../shared/feedback-path.ts';
import {
  answersAsAsked,
  type JoinAnswer,
  type JoinAnswers,
  type JoinField,
  joinAnswersSchema,
} from '../../../shared/join-fields.ts';
import type { Language } from '../../../shared/languages.ts';
import { formatClockTime } from '../../../shared/opening-hours.ts';
import { partySizeSchema } from '../../../shared/party-size.ts';
import { paths } from '../../../shared/paths.ts';
import { phoneDigitsFromInput, toStoredPhoneNumber } from '../../../shared/phone.ts';
import { topics } from '../../../shared/realtime.ts';
import {
  type AddClientRequest,
  firstIssue,
  type JoinWaitListRequest,
  type MoreTimeMinutes,
  type WaitEntryResponse,
} from '../../../shared/schemas.ts';
import type { BoardEntry, BoardResponse, DeskWalkInRequest } from '../../../shared/staff-schemas.ts';
import { CUSTOMER_CAN_LEAVE_FROM, STAFF_ACTIONS, type StaffAction } from '../../../shared/wait-status.ts';
import { isDatabaseUnavailable, retryTransientConflicts } from '../../db/connection-errors.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { AppError, invariantFound } from '../../errors.ts';
import { invalidPhoneError } from '../../http/error-texts.ts';
import { hashSecretToken, newSecretToken } from '../../http/secret-token.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { CompanyRow } from '../company/company.repository.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { CountedJoin } from '../metrics/metrics.ts';
import type { PushService } from '../push/push.service.ts';
import type { LinePlanService } from '../schedule/line-plan.service.ts';
import type { ScheduleRepository } from '../schedule/schedule.repository.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { SMS_WORDS, wordingByLanguage } from '../sms/sms-texts.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { boardEntryAsSeenBy } from './board-view.ts';
import { STATUS_NOTIFICATION_WORDS } from './status-notification-texts.ts';
import type { JoinOutcome, NewJoin, WaitEntryRow, WaitListRepository } from './wait-list.repository.ts';

export interface JoinWaitListCommand {
  companyId: string;
  customerId: string;
  idempotencyKey: string;
  request: Required<Omit<JoinWaitListRequest, 'fcmToken' | 'answers' | 'partySize'>> &
    Pick<JoinWaitListRequest, 'fcmToken' | 'answers' | 'partySize'>;
  /**
   * The language the customer reads (the request's Accept-Language, which the app sets to its
   * page's): their texts speak it. Null or absent: the business's (docs/languages.md).
   */
  language?: Language | null;
  /** A join by text: a text cannot ask the business's own questions, so none are checked or kept. */
  questionsNotAsked?: boolean;
}

/** Each business's answers rule, built once per definitions read (the company cache keeps the array). */
const answersSchemas = new WeakMap<readonly JoinField[], ReturnType<typeof joinAnswersSchema>>();

/**
 * The answers to the business's own questions as the visit keeps them (docs/join-fields.md), or
 * null when it asks none; a missing required one, one too long or one it does not ask is a 400
 * naming the field ("answers.<id>").
 */
export function ensureAnswersFit(
  fields: readonly JoinField[],
  answers: JoinAnswers | undefined,
): JoinAnswer[] | null {
  // Most businesses ask nothing: their joins cost what they did.
  if (fields.length === 0 && (answers === undefined || Object.keys(answers).length === 0)) return null;
  const schema = answersSchemas.get(fields) ?? joinAnswersSchema(fields);
  answersSchemas.set(fields, schema);
  const parsed = schema.safeParse(answers ?? {});
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw new AppError('VALIDATION_FAILED', { field: field ? `answers.${field}` : 'answers', message });
  }
  return fields.length > 0 ? answersAsAsked(fields, parsed.data as JoinAnswers) : null;
}

/**
 * How many people the join writes (docs/party-size.md): 1 when the request says nothing, else what
 * it says, if the business takes parties that large; above its "Largest party" is a 400 on
 * `partySize` in the words the join forms show. A party of one builds no schema.
 */
export function ensurePartyFits(largestParty: number, partySize: number | undefined): number {
  if (partySize === undefined || partySize === 1) return 1;
  const parsed = partySizeSchema(largestParty).safeParse(partySize);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', {
      field: 'partySize',
      message: firstIssue(parsed.error).message,
    });
  return parsed.data;
}

/**
 * The schema checks the shape (+1 and 10 digits); this checks it is a number the North American
 * plan could assign (no area code 000 or 555, no exchange 0xx...): a text to any other would be
 * paid for and go nowhere.
 */
export function ensureDialablePhone(phoneNumber: string, field: 'phoneNumber' | 'clientPhoneNumber'): void {
  if (!parsePhoneNumberFromString(phoneNumber, 'US')?.isValid()) {
    throw invalidPhoneError(field);
  }
}

/**
 * The provider a provider account acts as, or undefined for the owner and the front desk, who act
 * on any entry. A provider account linked to no provider (its provider was removed) acts on none.
 */
export const ASSIGN_IN_LINE_ONLY = 'Only a customer still in line can be given to a provider.';

/**
 * Who works the board: a signed-in staff member, or a business's API key, which acts as the front
 * desk does (docs/public-api.md).
 */
export type BoardActor = Pick<StaffPrincipal, 'companyId' | 'role' | 'providerId'>;

export function actingProvider(principal: BoardActor): string | undefined {
  if (principal.role !== 'provider') return undefined;
  if (!principal.providerId) throw new AppError('PROVIDER_ACCOUNT_UNLINKED');
  return principal.providerId;
}

/** The chat node of spec §3: "{providerId}-{userId}", the business account and the customer. */
export function chatThreadKeyFor(accountId: string, customerId: string): string {
  return `${accountId}-${customerId}`;
}

export function createWaitListService(deps: {
  db: Database;
  waitList: WaitListRepository;
  companies: CompanyService;
  eventLog: EventLog;
  sms: SmsService;
  push: Pick<PushService, 'notify'>;
  customers: Pick<CustomerService, 'deskCustomer'>;
  /** Place in line and the wait estimate (features/schedule). */
  linePlan: Pick<LinePlanService, 'standing'>;
  /** Whether the business takes walk-ins now (hours, pause, caps). */
  intake: Pick<IntakeService, 'ensureTakingWalkIns'>;
  /** The board shows who is on the floor (features/schedule). */
  schedules: Pick<ScheduleRepository, 'listFloorStates'>;
  /** Links in texts point here. */
  publicUrl: string;
  /** The businesses' clock: held places ("I need more time") run out by it; tests set it. */
  now: () => number;
  /** Told how each customer's join ended (metrics, when METRICS_TOKEN is set). */
  countJoin?: ((join: CountedJoin) => void) | undefined;
}) {
  const { db, waitList, companies, eventLog, sms, push, customers, intake, linePlan, publicUrl } = deps;

  /**
   * A customer's join or request only while the business takes walk-ins; a retry of one that
   * already landed (its answer was lost) still gets its place, whatever changed since.
   */
  async function ensureMayJoin(
    companyId: string,
    customerId: string,
    idempotencyKey: string,
    language: Language | null | undefined,
  ) {
    try {
      // The refusal says why in the customer's language.
      await intake.ensureTakingWalkIns(companyId, language);
    } catch (error) {
      if (!(await waitList.hasJoinedWithKey(customerId, idempotencyKey))) throw error;
    }
  }

  /**
   * A Done's rating link (docs/feedback.md): a new secret, of which only the hash is kept, and the
   * text that carries it. The statement keeps and sends it only when the business asks for feedback.
   */
  const newFeedbackText = (companyId: string) => {
    const token = newSecretToken();
    return {
      id: randomUUID(),
      tokenHash: hashSecretToken(token),
      wordingByLanguage: wordingByLanguage('feedback'),
      link: `${publicUrl}${feedbackPath.getHref(companyId, token)}`,
    };
  };

  /** Where a change of this entry is published: the business's board and the entry's own page. */
  const publishedTo = (companyId: string, waitId: string) => ({
    boardTopic: topics.board(companyId),
    waitTopic: topics.wait(waitId),
  });

  /**
   * Joins that arrive together are written in one statement (db/group-commit.ts); each request
   * still answers only once its own row is committed.
   */
  const writeJoin = createGroupCommit<NewJoin, JoinOutcome>({
    // Each statement's events numbered as it commits (on the embedded database, in its commit).
    writeMany: (joins) => eventLog.numberWhenCommitted(waitList.insertManyOnceAndPublish(joins)),
    writeOne: (join) =>
      retryTransientConflicts(
        async () => (await eventLog.numberWhenCommitted(waitList.insertManyOnceAndPublish([join])))[0]!,
      ),
    // PGlite: two, so its thread has the next batch queued (group-commit.ts says why).
    maxInFlight: db.kind === 'pglite' ? 2 : 4,
    maxBatch: 64,
  });

  /**
   * A waiting entry's place in line and estimated wait, as its customer's page shows them (an
   * appointment's time in the reader's language); null off the line.
   */
  async function lineStanding(waitId: string, company: CompanyRow, language: Language) {
    const standing = await linePlan.standing(company.id, waitId);
    if (!standing) return null;
    return {
      ...standing,
      // "Running behind" is in the estimate already; the page also says it.
      runningBehindMinutes: company.runningBehindMinutes,
      cameInAhead: standing.cameInAhead.map((came): WaitEntryResponse['cameInAhead'][number] => {
        const at = came.at.toISOString();
        if (came.kind === 'appointment')
          return {
            kind: came.kind,
            at,
            bookedFor: formatClockTime(came.bookedFor.getTime(), company.timeZone, language),
          };
        return came.kind === 'request'
          ? { kind: came.kind, at, providerName: came.providerName }
          : { kind: came.kind, at };
      }),
    };
  }

  /** `phoneField`: the request's name for the phone (the join's phoneNumber, addClient's clientPhoneNumber). */
  async function afterInsert(
    result: JoinOutcome,
    phoneField: 'phoneNumber' | 'clientPhoneNumber',
  ): Promise<{ waitId: string; created: boolean; textSent: boolean }> {
    if ('refused' in result) throw new AppError('PHONE_JOIN_LIMITED', { field: phoneField });
    if (result.textQueued) sms.kick();
    // A repeated join answers as the first did: whether its text went out.
    const textSent = result.textSent ?? (await waitList.findById(result.waitId))?.textSent ?? false;
    return { waitId: result.waitId, created: result.created, textSent };
  }

  /** Ends pending requests (one, or every expired one) with their events and texts. */
  function endRequests(
    status: 'declined' | 'expired',
    one?: { waitId: string; companyId: string; byProvider?: string | undefined },
    ofProvider?: { companyId: string; providerId: string },
  ) {
    return waitList.endRequestsAndPublish({
      status,
      text: wordingByLanguage('requestEnded'),
      publicUrl,
      boardTopicPrefix: topics.board(''),
      waitTopicPrefix: topics.wait(''),
      ...(one ? { one } : {}),
      ...(ofProvider ? { ofProvider } : {}),
    });
  }

  /** A change that wrote events (one statement, or a transaction): its events numbered and sent as it commits. */
  function thenPublish<T>(change: Promise<T>): Promise<T> {
    return eventLog.numberWhenCommitted(change);
  }

  /**
   * A wait entry of the staff member's own business (any other looks exactly like a missing one)
   * that they may act on: a provider only on their own customers and unassigned ones.
   */
  /** Ends every request past its deadline, with its events and texts. */
  async function expireRequests(): Promise<number> {
    const expired = await endRequests('expired');
    if (expired.length > 0) {
      eventLog.flushSoon();
      sms.kick();
    }
    return expired.length;
  }

  async function requireEntryTheyMayActOn(principal: BoardActor, waitId: string): Promise<BoardEntry> {
    const entry = invariantFound(
      await waitList.findBoardEntry(waitId, principal.companyId),
      'WAIT_ENTRY_NOT_FOUND',
    );
    const provider = actingProvider(principal);
    if (provider && entry.providerId !== null && entry.providerId !== provider)
      throw new AppError('ANOTHER_PROVIDERS_CUSTOMER');
    return entry;
  }

  /** "I need more time" and "I'm here" as the customer's page shows them (docs/more-time.md). */
  function awayOrHere(row: WaitEntryRow, at: number, company: CompanyRow, language: Language) {
    const backBy = row.backBy ? new Date(row.backBy).getTime() : null;
    const held = row.status === 'waiting' && backBy !== null && backBy > at;
    const askedAt = row.moreTimeAskedAt ? new Date(row.moreTimeAskedAt).getTime() : null;
    const heldUntil =
      held && backBy !== null && askedAt !== null
        ? {
            at: new Date(backBy).toISOString(),
            clock: formatClockTime(backBy, company.timeZone, language),
            minutes: Math.round((backBy - askedAt) / 60_000),
          }
        : null;
    return {
      heldUntil,
      movedBack: backBy !== null && backBy <= at,
      mayAskMoreTime: row.status === 'waiting' && (askedAt === null || held),
      arrivedAt: row.arrivedAt ? new Date(row.arrivedAt).toISOString() : null,
    };
  }

  /**
   * The customer's own entry as their page shows it; its clock times in `language`, the reader's
   * (the request's Accept-Language, which the app sets to its page's), else the business's.
   */
  async function toCustomerResponse(
    row: WaitEntryRow,
    readerLanguage: Language | null | undefined,
  ): Promise<WaitEntryResponse> {
    const company = await companies.requireCompany(row.companyId);
    const language = readerLanguage ?? company.language;
    // Only a waiting entry has a place in line.
    const standing = row.status === 'waiting' ? await lineStanding(row.waitId, company, language) : null;
    // The first estimate the customer is shown is kept for Insights' accuracy (docs/insights.md):
    // read here, not computed in the join, whose cost then does not grow with the line.
    if (row.firstEstimateMinutes === null && standing?.estimatedWaitMinutes != null) {
      await waitList.recordJoinEstimates([{ waitId: row.waitId, minutes: standing.estimatedWaitMinutes }]);
    }
    return {
      waitId: row.waitId,
      companyId: row.companyId,
      companyName: row.companyName,
      id: row.customerId,
      serviceType: row.serviceType,
      name: row.name,
      // Only a desk walk-in has none, and no customer holds a desk walk-in's page.
      phoneNumber: row.phoneNumber ?? '',
      allowSms: row.allowSms,
      date: new Date(row.date).toISOString(),
      status: row.status,
      history: {
        id: row.waitId,
        name: row.name,
        providerId: row.providerId,
        providerName: row.providerName,
        providerStation: row.providerStation,
      },
      position: standing?.position ?? null,
      estimatedWaitMinutes: standing?.estimatedWaitMinutes ?? null,
      estimatedWaitRange: standing?.estimatedWaitRange ?? null,
      runningBehindMinutes: standing?.runningBehindMinutes ?? 0,
      cameInAhead: standing?.cameInAhead ?? [],
      chatThreadKey: row.chatThreadKey,
      textSent: row.textSent,
      partySize: row.partySize,
      request: row.requestStatus
        ? {
            status: row.requestStatus,
            providerName: row.providerName ?? row.companyName,
            deadline: row.requestDeadline ? new Date(row.requestDeadline).toISOString() : null,
          }
        : null,
      ...awayOrHere(row, deps.now(), company, language),
      nearTurn: {
        choice: row.nearTurn ?? row.nearTurnDefault,
        chosen: row.nearTurn !== null,
        toldAt: row.nearTurnToldAt ? new Date(row.nearTurnToldAt).toISOString() : null,
        texted: row.nearTurnTexted,
      },
    };
  }

  /**
   * A customer's tap on their own entry ("I need more time", "I'm here"): the change, published,
   * then their page's answer. When it changed nothing: their own entry (anyone else's is not
   * found), still waiting, where `alreadyDone` says it has been made already (a retry), or
   * `otherwise`.
   */
  async function changeOwnEntry(
    entry: { companyId: string; waitId: string; customerId: string },
    change: Promise<BoardEntry | null>,
    alreadyDone: (row: WaitEntryRow) => boolean,
    otherwise: 'MORE_TIME_USED' | 'NO_LONGER_WAITING',
    language: Language | null | undefined,
  ): Promise<WaitEntryResponse> {
    const changed = await thenPublish(change);
    const row = await requireOwnEntry(entry.companyId, entry.waitId, entry.customerId);
    if (!changed) {
      if (row.status !== 'waiting') throw new AppError('NO_LONGER_WAITING');
      if (!alreadyDone(row)) throw new AppError(otherwise);
    }
    return toCustomerResponse(row, language);
  }

  async function requireOwnEntry(companyId: string, waitId: string, customerId: string, tx: Queryable = db) {
    const row = await waitList.findById(waitId, tx);
    // Anyone else's entry looks exactly like a missing one.
    if (!row || row.companyId !== companyId || row.customerId !== customerId)
      throw new AppError('WAIT_ENTRY_NOT_FOUND');
    return row;
  }

  /** Tells `countJoin` how a customer's join ended, a refusal by its error code (metrics). */
  async function counted<T extends { created: boolean }>(join: Promise<T>): Promise<T> {
    if (!deps.countJoin) return join;
    try {
      const result = await join;
      deps.countJoin({ outcome: result.created ? 'joined' : 'repeated' });
      return result;
    } catch (error) {
      deps.countJoin(
        error instanceof AppError
          ? { outcome: 'refused', reason: error.code }
          : { outcome: 'failed', reason: isDatabaseUnavailable(error) ? 'UNAVAILABLE' : 'INTERNAL' },
      );
      throw error;
    }
  }

  const service = {
    async joinWaitList(
      command: JoinWaitListCommand,
    ): Promise<{ waitId: string; created: boolean; textSent: boolean }> {
      const { companyId, request } = command;
      ensureDialablePhone(request.phoneNumber, 'phoneNumber');
      const company = await companies.requireCompany(companyId);
      await companies.ensureServiceOffered(companyId, request.serviceType);
      const joinAnswers = command.questionsNotAsked
        ? null
        : ensureAnswersFit(company.joinFields, request.answers);
      const partySize = ensurePartyFits(company.largestParty, request.partySize);
      await ensureMayJoin(companyId, command.customerId, command.idempotencyKey, command.language);
      // The page's language, which its texts then speak (docs/languages.md).
      const language = command.language ?? company.language;
      return writeJoin({
        entry: {
          id: randomUUID(),
          companyId,
          customerId: command.customerId,
          idempotencyKey: command.idempotencyKey,
          serviceType: request.serviceType,
          name: request.name,
          phoneNumber: request.phoneNumber,
          allowSms: request.allowSms,
          fcmToken: request.fcmToken ?? null,
          chatThreadKey: chatThreadKeyFor(company.accountId, command.customerId),
          origin: 'walk_in',
          joinAnswers,
          partySize,
          language,
        },
        publish: {
          boardTopic: topics.board(companyId),
          textId: randomUUID(),
          text: SMS_WORDS[language].join,
          kind: 'join',
        },
      }).then((result) => afterInsert(result, 'phoneNumber'));
    },

    /**
     * The add-client page (spec §2): a request to a named provider. It joins the business's line
     * assigned to that provider, and the customer gets a text saying so.
     */
    async sendServiceRequest(command: {
      customerId: string;
      idempotencyKey: string;
      request: AddClientRequest;
      /** As a join's (JoinWaitListCommand): null, the business's. */
      language?: Language | null;
    }): Promise<{ waitId: string; created: boolean; textSent: boolean }> {
      const { request } = command;
      const company = await companies.requireCompany(request.companyId);
      const providers = await companies.listProviders(request.companyId);
      const provider = providers.find((candidate) => candidate.id === request.spId);
      if (!provider) throw new AppError('PROVIDER_NOT_FOUND', { field: 'spId' });
      const phoneNumber = toStoredPhoneNumber(phoneDigitsFromInput(request.clientPhoneNumber));
      // The error names the field the add-client request sent.
      ensureDialablePhone(phoneNumber, 'clientPhoneNumber');
      await ensureMayJoin(company.id, command.customerId, command.idempotencyKey, command.language);
      const language = command.language ?? company.language;
      return writeJoin({
        entry: {
          id: randomUUID(),
          companyId: company.id,
          customerId: command.customerId,
          idempotencyKey: command.idempotencyKey,
          // The provider's own speciality: the page's spSpeciality is the customer's to forge (issue 22).
          serviceType: provider.speciality || 'Service request',
          name: request.clientName,
          phoneNumber,
          allowSms: true,
          fcmToken: null,
          chatThreadKey: chatThreadKeyFor(company.accountId, command.customerId),
          origin: 'request',
          language,
        },
        publish: {
          boardTopic: topics.board(company.id),
          textId: randomUUID(),
          text: SMS_WORDS[language].serviceRequest.replaceAll('{provider}', provider.name),
          kind: 'service_request',
          providerId: provider.id,
        },
      }).then((result) => afterInsert(result, 'clientPhoneNumber'));
    },

    /**
     * "Add walk-in" on the board: a phone-in or a guest at the desk. With a phone they get the
     * join text and can reply to it, as a walk-in who joined themself; without one they are on
     * the board only. Each gets a customer identity of its own that no device holds.
     */
    async addDeskWalkIn(
      principal: BoardActor,
      /** `requester` names who sent the idempotency key: one console's, or one API key's retries. */
      command: { requester: string; idempotencyKey: string; request: DeskWalkInRequest },
    ): Promise<{ waitId: string; created: boolean; textSent: boolean }> {
      const { request } = command;
      const phoneNumber = request.phoneNumber ?? null;
      if (phoneNumber) ensureDialablePhone(phoneNumber, 'phoneNumber');
      const company = await companies.requireCompany(principal.companyId);
      await companies.ensureServiceOffered(company.id, request.serviceType);
      const joinAnswers = ensureAnswersFit(company.joinFields, request.answers);
      const partySize = ensurePartyFits(company.largestParty, request.partySize);
      if (request.providerId) {
        const providers = await companies.listProviders(company.id);
        if (!providers.some((provider) => provider.id === request.providerId))
          throw new AppError('PROVIDER_NOT_FOUND', { field: 'providerId' });
      }
      // The language staff picked for the guest's texts, else the business's.
      const language = request.language ?? company.language;
      const deskKey = `${company.id}:${command.requester}:${command.idempotencyKey}`;
      const customerId = await customers.deskCustomer(deskKey);
      return writeJoin({
        entry: {
          id: randomUUID(),
          companyId: company.id,
          customerId,
          // One desk console's retried request lands once.
          idempotencyKey: `desk:${deskKey}`,
          serviceType: request.serviceType,
          name: request.name,
          phoneNumber,
          allowSms: phoneNumber !== null,
          fcmToken: null,
          chatThreadKey: chatThreadKeyFor(company.accountId, customerId),
          origin: 'desk',
          joinAnswers,
          partySize,
          language,
        },
        publish: {
          boardTopic: topics.board(company.id),
          textId: randomUUID(),
          text: SMS_WORDS[language].join,
          kind: 'join',
          providerId: request.providerId ?? null,
        },
      }).then((result) => afterInsert(result, 'phoneNumber'));
    },

    /** `language`: the reader's (Accept-Language, or the page's), for the answer's clock times. */
    async getOwnWaitEntry(
      companyId: string,
      waitId: string,
      customerId: string,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      return toCustomerResponse(await requireOwnEntry(companyId, waitId, customerId), language);
    },

    /** "Leave the wait list" on the customer's page. */
    async leaveWaitList(
      companyId: string,
      waitId: string,
      customerId: string,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      await thenPublish(
        db.transaction(async (tx) => {
          await requireOwnEntry(companyId, waitId, customerId, tx);
          const left = await waitList.changeStatusAndPublish(
            // A party leaves as one: its members still in line go with the lead (docs/party-size.md).
            { waitId, companyId, from: CUSTOMER_CAN_LEAVE_FROM, to: 'cancelled', wholeParty: true },
            publishedTo(companyId, waitId),
            tx,
          );
          if (!left) throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
        }),
      );
      return toCustomerResponse(await requireOwnEntry(companyId, waitId, customerId), language);
    },

    /**
     * "I need more time" (docs/more-time.md): their place is held `minutes` from when they first
     * asked; a retry, or asking for less than is held, changes nothing.
     */
    async askMoreTime(
      companyId: string,
      waitId: string,
      customerId: string,
      minutes: MoreTimeMinutes,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      const at = deps.now();
      return changeOwnEntry(
        { companyId, waitId, customerId },
        waitList.askMoreTimeAndPublish(
          { waitId, companyId, customerId, minutes, at: new Date(at) },
          publishedTo(companyId, waitId),
        ),
        // A hold still running that is already this long.
        (row) => row.backBy !== null && new Date(row.backBy).getTime() > at,
        'MORE_TIME_USED',
        language,
      );
    },

    /** "I'm here": the board shows them in the lobby; a place held for them is kept. */
    async markArrived(
      companyId: string,
      waitId: string,
      customerId: string,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      return changeOwnEntry(
        { companyId, waitId, customerId },
        waitList.markArrivedAndPublish(
          { waitId, companyId, customerId, at: new Date(deps.now()) },
          publishedTo(companyId, waitId),
        ),
        (row) => row.arrivedAt !== null,
        'NO_LONGER_WAITING',
        language,
      );
    },

    /** Tells the boards and pages of held places that ran out (app.ts runs this every few seconds). */
    async announceLapsedHolds(): Promise<number> {
      const told = await waitList.announceLapsedHolds(new Date(deps.now()), {
        boardTopicPrefix: topics.board(''),
        waitTopicPrefix: topics.wait(''),
      });
      if (told > 0) eventLog.flushSoon();
      return told;
    },

    async getBoard(principal: BoardActor): Promise<BoardResponse> {
      // The head first: events after it may repeat what the list shows, never miss what it lacks.
      const seq = await eventLog.head(topics.board(principal.companyId));
      const [{ entries, regulars }, providers, services, floor, company] = await Promise.all([
        waitList.listBoard(principal.companyId),
        companies.listProviders(principal.companyId),
        companies.listServices(principal.companyId),
        // Not from the company cache: a floor state changes many times a day, live.
        deps.schedules.listFloorStates(principal.companyId),
        companies.requireCompany(principal.companyId),
      ]);
      return {
        companyId: principal.companyId,
        entries: entries.map((entry) => boardEntryAsSeenBy(principal, entry)),
        regulars,
        providers,
        floor,
        services,
        joinFields: company.joinFields,
        largestParty: company.largestParty,
        language: company.language,
        seq,
      };
    },

    async applyStaffAction(principal: BoardActor, waitId: string, action: StaffAction): Promise<BoardEntry> {
      const company = await companies.requireCompany(principal.companyId);
      const { from, to } = STAFF_ACTIONS[action];
      // One statement changes the entry, publishes it and, for a call, queues the text: a call on
      // a busy board waits for one round trip. Only when it changes nothing does a second
      // statement tell "not found" from "not now".
      const updated = await thenPublish(
        waitList.changeStatusAndPublish(
          { waitId, companyId: principal.companyId, from, to, byProvider: actingProvider(principal) },
          {
            ...publishedTo(principal.companyId, waitId),
            ...(to === 'called'
              ? {
                  calledText: { id: randomUUID(), wordingByLanguage: wordingByLanguage('called') },
                }
              : {}),
            // Kept and texted only when the business asks for feedback and may text this number.
            ...(to === 'done' ? { feedbackText: newFeedbackText(principal.companyId) } : {}),
          },
        ),
      );
      if (!updated) {
        await requireEntryTheyMayActOn(principal, waitId);
        throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
      }
      if (updated.status === 'called' || updated.status === 'done') sms.kick();
      push.notify(updated.customerId, company.id, {
        title: company.name,
        // In the language the customer joined in, as their texts (docs/languages.md).
        body: STATUS_NOTIFICATION_WORDS[updated.language ?? company.language].statusNotifications[
          updated.status
        ],
        url: paths.checkedIn.getHref(company.id, updated.waitId),
        tag: `wait-${updated.waitId}`,
      });
      return boardEntryAsSeenBy(principal, updated);
    },

    /**
     * A provider (or the desk) answers a service request: accepted, the customer joins the line as
     * theirs; declined, the customer is told on their page and by text, and offered the next
     * available provider. A provider answers only requests made to them.
     */
    async answerRequest(principal: StaffPrincipal, waitId: string, accept: boolean): Promise<void> {
      const byProvider = actingProvider(principal);
      const one = { waitId, companyId: principal.companyId, byProvider };
      const answered = accept
        ? (await waitList.acceptRequestAndPublish(one, publishedTo(principal.companyId, waitId))) !== null
        : (await endRequests('declined', one)).length > 0;
      if (!answered) {
        await requireEntryTheyMayActOn(principal, waitId);
        // Too late: the customer hears that it expired now, not at the next sweep.
        await expireRequests();
        throw new AppError('REQUEST_ALREADY_ANSWERED');
      }
      eventLog.flushSoon();
      if (!accept) sms.kick();
    },

    /** Requests past their deadline expire, as a decline does (app.ts runs this every few seconds). */
    expireRequests,

    /** "Next available" on the customer's page: the general line, with their original arrival time. */
    async joinNextAvailable(
      companyId: string,
      waitId: string,
      customerId: string,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      const joined = await thenPublish(
        waitList.joinNextAvailableAndPublish(
          { waitId, companyId, customerId },
          publishedTo(companyId, waitId),
        ),
      );
      if (!joined) {
        await requireOwnEntry(companyId, waitId, customerId);
        throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
      }
      return toCustomerResponse(await requireOwnEntry(companyId, waitId, customerId), language);
    },

    /** A provider leaves (Settings): their waiting and called customers go to `toProviderId`, or anyone. */
    async moveProviderCustomers(
      companyId: string,
      fromProviderId: string,
      toProviderId: string | null,
    ): Promise<number> {
      // Requests asked of them by name cannot be theirs any more: declined, so each customer may
      // join the next available (the others move as the owner chose).
      const declined = await endRequests('declined', undefined, { companyId, providerId: fromProviderId });
      if (declined.length > 0) sms.kick();
      const moved = await thenPublish(
        waitList.moveProviderCustomersAndPublish(
          { companyId, fromProviderId, toProviderId },
          { boardTopic: topics.board(companyId), waitTopicPrefix: topics.wait('') },
        ),
      );
      return moved;
    },

    async assignProvider(
      principal: StaffPrincipal,
      waitId: string,
      providerId: string | null,
    ): Promise<BoardEntry> {
      const byProvider = actingProvider(principal);
      // A provider takes a customer or hands one back, never gives one to someone else.
      if (byProvider && providerId !== null && providerId !== byProvider)
        throw new AppError('ROLE_NOT_ALLOWED');
      if (providerId !== null) {
        const providers = await companies.listProviders(principal.companyId);
        if (!providers.some((provider) => provider.id === providerId))
          throw new AppError('PROVIDER_NOT_FOUND');
      }
      // One statement, limited to the staff member's business: nothing updated, nothing found.
      const updated = await thenPublish(
        waitList.assignProviderAndPublish(
          { waitId, companyId: principal.companyId, providerId, byProvider },
          publishedTo(principal.companyId, waitId),
        ),
      );
      if (!updated) {
        await requireEntryTheyMayActOn(principal, waitId);
        throw new AppError('STATUS_CHANGE_NOT_ALLOWED', { message: ASSIGN_IN_LINE_ONLY });
      }
      return boardEntryAsSeenBy(principal, updated);
    },
  };
  return {
    ...service,
    joinWaitList: (command: JoinWaitListCommand) => counted(service.joinWaitList(command)),
    sendServiceRequest: (command: Parameters<typeof service.sendServiceRequest>[0]) =>
      counted(service.sendServiceRequest(command)),
  };
}

export type WaitListService = ReturnType<typeof createWaitListService>;
