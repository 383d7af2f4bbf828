import { createHmac, timingSafeEqual } from 'node:crypto';
import { SmsSendError, type SmsSender } from './sms-sender.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sending number, or… */
  from: string | undefined;
  /** …a messaging service that picks one. */
  messagingServiceSid: string | undefined;
  /** https://api.twilio.com, or a local stand-in in tests. */
  apiBase: string;
  /** Where Twilio posts delivery status (PUBLIC_URL + /api/sms/twilio/status). */
  statusCallbackUrl: string;
  timeoutMs?: number;
}

/** Connection errors that mean the request was never sent (undici puts the code on `cause`). */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string {
  const withCode = (value: unknown) => (value as { code?: unknown } | null)?.code;
  const code = withCode((error as { cause?: unknown } | null)?.cause) ?? withCode(error);
  return typeof code === 'string' ? code : '';
}

/** Twilio's Messages API: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource */
export function createTwilioSmsSender(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${settings.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;

  return {
    driver: 'twilio',
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body, StatusCallback: settings.statusCallbackUrl });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else if (settings.from) form.set('From', settings.from);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        // Retried only when the request never reached Twilio. A time-out or a connection cut
        // after sending leaves it unknown whether Twilio took the text: retrying could text the
        // customer twice, so it fails with the reason (at most once, as for a crash mid-send).
        const neverSent = NEVER_SENT_CODES.has(errorCode(error));
        throw new SmsSendError(
          neverSent
            ? `Could not reach Twilio: ${(error as Error).message}`
            : `Twilio's answer was lost (${(error as Error).message}); not retried, so the customer never gets it twice`,
          neverSent,
        );
      }
      const payload = (await response.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
      };
      if (response.ok && payload.sid) return { providerMessageId: payload.sid };
      const reason = `Twilio answered ${response.status}${payload.code ? ` (${payload.code})` : ''}: ${payload.message ?? 'no details'}`;
      throw new SmsSendError(reason, response.status >= 500 || response.status === 429);
    },
  };
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called
 * followed by each POST parameter name and value, sorted by name.
 * https://www.twilio.com/docs/usage/webhooks/webhooks-security
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
