import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from '../../background/polling-loop.ts';
import { backgroundFailureLevel } from '../../db/connection-errors.ts';
import { newTextStatus, SmsSendError, type SmsSender } from '../../sms/sms-sender.ts';
import type { SmsRepository } from './sms.repository.ts';

/** Seconds before each retry; after the last one the text is marked failed with its reason. */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
const POLL_MS = 1_000;
const BATCH = 20;
const PARALLEL_SENDS = 5;
const KICK_DELAY_MS = 20;
/** A text still 'sending' after this long belonged to a process that stopped mid-send. */
const INTERRUPTED_AFTER_SECONDS = 120;

/**
 * A reason as the log may keep it: Twilio's can name the number ("The 'To' number +14155550123 is
 * not a valid phone number"), and the log outlives every erase (docs/privacy.md). Ten digits or
 * more, whatever separates them; Twilio's error codes have five.
 */
const withoutPhoneNumbers = (reason: string) => reason.replace(/\+?(?:\d[\s().-]*){9}\d/g, '[number]');

/**
 * Sends queued texts. Several processes may run one: rows are claimed with SKIP LOCKED. A claim
 * is committed before the send, so whatever happens next, a text is sent at most once.
 */
export function createSmsWorker(deps: { sms: SmsRepository; sender: SmsSender; logger: FastifyBaseLogger }) {
  const { sms, sender, logger } = deps;
  let polls = 0;
  /** The outbox writes texts as sent: nothing is queued for a kick to find (the poll still runs). */
  const textsAreQueued = newTextStatus(sender) === 'queued';

  /**
   * Sends that went out but are not yet recorded as sent (the database dropped the connection):
   * recorded at the next pass, so a text that reached the customer is not marked failed later as
   * "interrupted".
   */
  let unrecorded: { id: string; providerMessageId: string | null }[] = [];

  /**
   * Sends one claimed text; returns it when sent, so the batch records all sends at once. It never
   * rejects: one text's failure to record its own failure must not lose the others' sends.
   */
  async function sendOne(
    text: Awaited<ReturnType<SmsRepository['claimDue']>>[number],
  ): Promise<{ id: string; providerMessageId: string | null } | null> {
    try {
      return await trySend(text);
    } catch (error) {
      // The claim stands: left 'sending', the text is marked failed by recoverInterrupted, never sent twice.
      logger[backgroundFailureLevel(error)](
        { err: error, smsId: text.id },
        'could not record a text message attempt',
      );
      return null;
    }
  }

  async function trySend(
    text: Awaited<ReturnType<SmsRepository['claimDue']>>[number],
  ): Promise<{ id: string; providerMessageId: string | null } | null> {
    // STOP arrived after this text was queued. The STOP confirmation and HELP answers still go:
    // carriers require them.
    if (text.optedOut && text.kind !== 'stop' && text.kind !== 'help') {
      await sms.markFailed(text.id, 'not sent: the customer replied STOP');
      return null;
    }
    try {
      const { providerMessageId } = await sender.send({ to: text.phoneNumber, body: text.body });
      return { id: text.id, providerMessageId };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryable = error instanceof SmsSendError ? error.retryable : false;
      if (retryable && text.attempts < MAX_ATTEMPTS) {
        await sms.markRetry(text.id, reason, RETRY_DELAYS_SECONDS[text.attempts - 1] ?? 600);
      } else {
        await sms.markFailed(text.id, reason);
        logger.warn({ smsId: text.id, reason: withoutPhoneNumbers(reason) }, 'text message failed');
      }
      return null;
    }
  }

  /** Records these sends and any left unrecorded by a failed pass; kept for the next pass if it fails. */
  async function recordSent(sent: { id: string; providerMessageId: string | null }[]): Promise<void> {
    const all = [...unrecorded, ...sent];
    unrecorded = all;
    await sms.markSent(all);
    unrecorded = [];
  }

  /** One pass: what an earlier pass could not record, then every due text, in batches. */
  async function pass(stopping: () => boolean): Promise<{ foundWork: boolean }> {
    polls += 1;
    await recordSent([]);
    if (polls % 30 === 1) await sms.recoverInterrupted(INTERRUPTED_AFTER_SECONDS);
    let foundWork = false;
    for (;;) {
      const due = await sms.claimDue(BATCH);
      if (due.length > 0) foundWork = true;
      const sent: { id: string; providerMessageId: string | null }[] = [];
      for (let i = 0; i < due.length; i += PARALLEL_SENDS) {
        const results = await Promise.all(due.slice(i, i + PARALLEL_SENDS).map(sendOne));
        for (const result of results) if (result) sent.push(result);
      }
      await recordSent(sent);
      if (due.length < BATCH || stopping()) break;
    }
    return { foundWork };
  }

  // Every second, idle or not: a retry is due 5 s after a failure, and the texts are the
  // customer's promise (a kick sends a new one at once).
  const loop = createPollingLoop({
    pollMs: POLL_MS,
    kickDelayMs: KICK_DELAY_MS,
    pass,
    onFailure: (error) => logger.error({ err: error }, 'text message worker failed'),
  });

  return {
    start: loop.start,
    /** After a change queued a text: send it now rather than at the next poll. */
    kick(): void {
      if (textsAreQueued) loop.kick();
    },
    drain: loop.drain,
    stop: loop.stop,
  };
}

export type SmsWorker = ReturnType<typeof createSmsWorker>;
