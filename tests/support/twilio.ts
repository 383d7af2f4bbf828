import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { twilioSignature } from '../../src/server/sms/twilio.ts';

/** A test app texting through Twilio's driver: webhooks are signed with `token` over `publicUrl`. */
export const TWILIO_TEST = {
  publicUrl: 'https://salon.example',
  token: 'test-auth-token-123',
  from: '+15005550006',
} as const;

export const twilioTestEnv = {
  PUBLIC_URL: TWILIO_TEST.publicUrl,
  SMS_DRIVER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: TWILIO_TEST.token,
  TWILIO_FROM: TWILIO_TEST.from,
};

/** A customer's text to the shared number, as Twilio posts it to the webhook, signed. */
export function textFromPhone(app: FastifyInstance, phone: string, body: string) {
  const params = {
    From: phone,
    To: TWILIO_TEST.from,
    Body: body,
    MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
  };
  return app.inject({
    method: 'POST',
    url: '/api/sms/twilio',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(
        TWILIO_TEST.token,
        `${TWILIO_TEST.publicUrl}/api/sms/twilio`,
        params,
      ),
    },
    payload: new URLSearchParams(params).toString(),
  });
}
