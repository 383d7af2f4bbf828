import type { FastifyBaseLogger } from 'fastify';

/** Port: reports a Reserve with Google conversion (spec §7). */
export interface ConversionTracker {
  report(conversion: { rwgToken: string; merchantChanged: '1' | '2' }): Promise<void>;
}

/**
 * Real driver: POSTs the collector's JSON body. Fire-and-forget for the customer, but bounded:
 * a slow collector must not pile up requests in the server.
 */
export function createRwgConversionTracker(options: {
  endpoint: string;
  partnerId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): ConversionTracker {
  const send = options.fetch ?? fetch;
  return {
    async report({ rwgToken, merchantChanged }) {
      const response = await send(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          conversion_partner_id: options.partnerId,
          rwg_token: rwgToken,
          merchant_changed: merchantChanged,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`conversion collector answered ${response.status}`);
    },
  };
}

/** Local default (no partner id configured): the report goes to the log, nothing leaves the machine. */
export function createLoggingConversionTracker(logger: FastifyBaseLogger): ConversionTracker {
  return {
    async report(conversion) {
      logger.info({ conversion }, 'conversion (not sent: CONVERSION_PARTNER_ID is not set)');
    },
  };
}

/** Test fake: records what would have been sent. */
export function createRecordingConversionTracker(): ConversionTracker & { reports: unknown[] } {
  const reports: unknown[] = [];
  return {
    reports,
    async report(conversion) {
      reports.push(conversion);
    },
  };
}
