/** Port: sends one text. Drivers: Twilio (real), outbox (local default), recording fake (tests). */
export interface SmsSender {
  readonly driver: 'outbox' | 'twilio' | 'fake';
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string | null }>;
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
