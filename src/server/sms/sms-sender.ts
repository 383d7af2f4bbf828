/** Port: sends one text. Drivers: Twilio (real), outbox (local default), recording fake (tests). */
export interface SmsSender {
  readonly driver: 'outbox' | 'twilio' | 'fake';
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string | null }>;
}

/**
 * The status an outbound text is written with. The outbox sends nothing, so a text is complete
 * the moment it is in the table: it is written as sent, and no worker pass has to claim it and
 * mark it (two more writes of the row per text, which cost more than the join that queued it on
 * the embedded database; see docs/benchmarks.md). Every other driver queues it for the worker.
 */
export function newTextStatus(sender: Pick<SmsSender, 'driver'>): 'queued' | 'sent' {
  return sender.driver === 'outbox' ? 'sent' : 'queued';
}

/** A send that failed. `retryable` for 5xx, 429 and timeouts; a 4xx will fail the same way again. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * The local default: nothing leaves the machine. The text stays in the sms_messages table, where
 * the console's "Text messages" page shows it and lets a developer answer as the customer.
 */
export function createOutboxSmsSender(): SmsSender {
  return { driver: 'outbox', send: async () => ({ providerMessageId: null }) };
}

/** Test fake: records each text; `failNextTo` makes the next sends to a number fail as told. */
export function createRecordingSmsSender() {
  const sent: { to: string; body: string }[] = [];
  const failures = new Map<string, SmsSendError[]>();
  return {
    driver: 'fake' as const,
    sent,
    failNextTo(to: string, error: SmsSendError, times = 1) {
      failures.set(to, [...(failures.get(to) ?? []), ...Array.from({ length: times }, () => error)]);
    },
    async send(message: { to: string; body: string }) {
      const failure = failures.get(message.to)?.shift();
      if (failure) throw failure;
      sent.push(message);
      return { providerMessageId: `fake-${sent.length}` };
    },
  };
}
