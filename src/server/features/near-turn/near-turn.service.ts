import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/languages.ts';
import { paths } from '../../../shared/paths.ts';
import { topics } from '../../../shared/realtime.ts';
import type { NearTurnChoice, WaitEntryResponse } from '../../../shared/schemas.ts';
import { backgroundFailureLevel } from '../../db/connection-errors.ts';
import { AppError } from '../../errors.ts';
import type { EventLog, RealtimeEvent } from '../../realtime/event-log.ts';
import type { PushService } from '../push/push.service.ts';
import type { LinePlanService } from '../schedule/line-plan.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { wordingByLanguage } from '../sms/sms-texts.ts';
import type { WaitListRepository } from '../wait-list/wait-list.repository.ts';
import type { WaitListService } from '../wait-list/wait-list.service.ts';
import type { LineMove, NearTurnRepository, NearTurnTold } from './near-turn.repository.ts';
import { choicesMet, minutesToSay, NEAR_TURN_MINUTES, NEAR_TURN_MOST_AHEAD } from './near-turn-rule.ts';

const BOARD_PREFIX = topics.board('');

/**
 * A line that moved is checked this long after its first move not checked yet, and the moves
 * meanwhile fold into that one check. Why: every waiting customer's page reads the line's new plan
 * when it moves, so a moment later the check finds the plan cached instead of computing it between
 * the events that wait to be delivered; and a busy board's calls make one check, not one each.
 * A second is nothing to someone told they are 2 away (docs/near-turn.md).
 */
export const NEAR_TURN_SETTLE_MS = 1_000;

/**
 * Whether a board event may have moved customers up the line: someone left it (called, started,
 * finished, removed, left, a request declined or expired) or a held place ran out. A join, an
 * assignment or an unread count moves nobody up, so the join path costs nothing more.
 */
function movesLineUp(event: RealtimeEvent): boolean {
  if (!event.topic.startsWith(BOARD_PREFIX) || event.type !== 'entry.upserted') return false;
  const entry = event.data as { status?: string; requestStatus?: string | null; movedBackAt?: string | null };
  return (
    entry.status !== 'waiting' ||
    entry.requestStatus === 'declined' ||
    entry.requestStatus === 'expired' ||
    Boolean(entry.movedBackAt)
  );
}

/** What a phone's notification says: the text without the business's name, which is its title. */
function notificationBody(told: NearTurnTold): string {
  const body = told.body.startsWith(`${told.companyName}: `)
    ? told.body.slice(told.companyName.length + 2)
    : told.body;
  return body.charAt(0).toUpperCase() + body.slice(1);
}

/**
 * "Text me when I'm N away" (docs/near-turn.md): the customer's choice, and the one text (and
 * Web Push) when the line brings them that close. Checked when this process numbers a board event
 * that moved the line up, and every few seconds for "about 15 minutes" (time passes with nobody
 * moving the line); each check reads the line's cached plan. Any number of processes may check:
 * the entry is marked told in the statement that texts, so each visit hears once.
 */
export function createNearTurnService(deps: {
  nearTurn: NearTurnRepository;
  linePlan: Pick<LinePlanService, 'nearTheFront'>;
  waitList: Pick<WaitListRepository, 'findById'>;
  entries: Pick<WaitListService, 'getOwnWaitEntry'>;
  eventLog: Pick<EventLog, 'flushSoon'>;
  sms: Pick<SmsService, 'kick'>;
  push: Pick<PushService, 'notify'>;
  logger: FastifyBaseLogger;
  /** NEAR_TURN_SETTLE_MS; tests of a single check pass 0. */
  settleMs?: number;
}) {
  const { nearTurn, linePlan, eventLog, sms, push } = deps;
  const settleMs = deps.settleMs ?? NEAR_TURN_SETTLE_MS;
  /**
   * Businesses to check (their line moved up: the latest event that moved it; or someone waits for
   * "about 15 minutes"), not checked yet, and from when; one check at a time per process. A line
   * that moved is checked for every choice, among those in line at its latest move.
   */
  const due = new Map<string, { why: LineMove | 'minutes'; from: number }>();
  let checking: Promise<void> | null = null;
  /** Wakes the checks for the first line whose settling time ends. */
  let wake: NodeJS.Timeout | null = null;
  let stopped = false;

  /**
   * Tells the business's waiting customers whose choice is met; with `only`, just that entry (its
   * customer just chose) or just those waiting for "about 15 minutes" (time passed, nobody moved).
   */
  async function tellWhoIsNear(
    companyId: string,
    only?: { waitId: string } | { choice: 'minutes_15' },
    lineMove?: LineMove,
  ): Promise<number> {
    const standings = await linePlan.nearTheFront(companyId, {
      mostAhead: NEAR_TURN_MOST_AHEAD,
      withinMinutes: NEAR_TURN_MINUTES,
    });
    const candidates = standings
      .filter((standing) => !only || !('waitId' in only) || standing.waitId === only.waitId)
      .map((standing) => ({
        waitId: standing.waitId,
        ahead: standing.ahead,
        minutesToSay: standing.minutes === null ? null : minutesToSay(standing.minutes),
        met: choicesMet(standing).filter((choice) => !only || !('choice' in only) || choice === only.choice),
      }));
    const told = await nearTurn.tellThoseReached(
      companyId,
      candidates.filter((candidate) => candidate.met.length > 0),
      {
        next: wordingByLanguage('nearTurnNext'),
        ahead: wordingByLanguage('nearTurnAhead'),
        minutes: wordingByLanguage('nearTurnMinutes'),
      },
      topics.wait(''),
      lineMove,
    );
    if (told.length === 0) return 0;
    eventLog.flushSoon();
    if (told.some((one) => one.textStatus === 'queued')) sms.kick();
    for (const one of told) {
      push.notify(one.customerId, one.companyId, {
        title: one.companyName,
        body: notificationBody(one),
        url: paths.checkedIn.getHref(one.companyId, one.waitId),
        tag: `wait-${one.waitId}`,
      });
    }
    return told.length;
  }

  /** The first business whose check may run now, or when the next one may. */
  function nextDue(): { companyId: string; why: LineMove | 'minutes' } | { wakeAt: number } | null {
    const now = Date.now();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const [companyId, { why, from }] of due) {
      if (from <= now) return { companyId, why };
      wakeAt = Math.min(wakeAt, from);
    }
    return due.size > 0 ? { wakeAt } : null;
  }

  /** Checks every business whose check is due, one after another; wakes again for the rest. */
  function checkDue(): void {
    if (checking || stopped) return;
    if (wake) {
      clearTimeout(wake);
      wake = null;
    }
    checking = (async () => {
      for (let next = nextDue(); next && !stopped; next = nextDue()) {
        if ('wakeAt' in next) {
          wake = setTimeout(
            () => {
              wake = null;
              checkDue();
            },
            Math.max(0, next.wakeAt - Date.now()),
          );
          wake.unref();
          return;
        }
        const { companyId, why } = next;
        due.delete(companyId);
        const check =
          why === 'minutes'
            ? tellWhoIsNear(companyId, { choice: 'minutes_15' })
            : tellWhoIsNear(companyId, undefined, why);
        await check.catch((error: unknown) =>
          deps.logger[backgroundFailureLevel(error)]({ err: error }, 'near turn: check failed'),
        );
      }
    })().finally(() => {
      checking = null;
      // A line that moved as the last check ended, or a check that failed to arm its wake.
      if (due.size > 0 && !wake) checkDue();
    });
  }

  return {
    tellWhoIsNear,

    /** The event log's numbered events (app.ts): the lines that moved up are checked soon after. */
    lineEvents(events: readonly RealtimeEvent[]): void {
      let moved = false;
      for (const event of events) {
        if (!movesLineUp(event)) continue;
        const companyId = event.topic.slice(BOARD_PREFIX.length);
        // Events come in order: the latest move of a line is the one its check counts from; the
        // check keeps the time of the first move it folds in.
        const from = due.get(companyId)?.from ?? Date.now() + settleMs;
        due.set(companyId, { why: { topic: event.topic, seq: event.seq }, from });
        moved = true;
      }
      if (moved && !wake) checkDue();
    },

    /** "About 15 minutes": the businesses with someone waiting for it (app.ts runs this every few seconds). */
    async sweepMinutes(): Promise<void> {
      for (const companyId of await nearTurn.companiesWaitingForMinutes()) {
        if (!due.has(companyId)) due.set(companyId, { why: 'minutes', from: Date.now() });
      }
      checkDue();
      await checking;
    },

    /**
     * The customer's choice on their own entry (anyone else's is not found), while it waits and
     * until they were told; then their own standing is checked at once: a choice already met is
     * told. (Others are checked when the line moves, not when someone else chooses.)
     */
    async choose(
      entry: { companyId: string; waitId: string; customerId: string },
      choice: NearTurnChoice,
      language?: Language | null,
    ): Promise<WaitEntryResponse> {
      if (!(await nearTurn.chooseForOwnEntry({ ...entry, choice }))) {
        const row = await deps.waitList.findById(entry.waitId);
        if (!row || row.companyId !== entry.companyId || row.customerId !== entry.customerId)
          throw new AppError('WAIT_ENTRY_NOT_FOUND');
        if (row.status !== 'waiting') throw new AppError('NO_LONGER_WAITING');
        throw new AppError('NEAR_TURN_ALREADY_TOLD');
      }
      await tellWhoIsNear(entry.companyId, { waitId: entry.waitId });
      return deps.entries.getOwnWaitEntry(entry.companyId, entry.waitId, entry.customerId, language);
    },

    /** Lets a check in progress finish before the database closes. */
    async stop(): Promise<void> {
      stopped = true;
      if (wake) clearTimeout(wake);
      await checking;
    },
  };
}

export type NearTurnService = ReturnType<typeof createNearTurnService>;
