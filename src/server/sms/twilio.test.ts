import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SmsSendError } from './sms-sender.ts';
import { createTwilioSmsSender, isValidTwilioSignature, twilioSignature } from './twilio.ts';

// Twilio's published example (webhooks security docs and its request-validator tests).
const EXAMPLE = {
  token: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

describe('Twilio request signature', () => {
  it("matches Twilio's published example", () => {
    expect(twilioSignature(EXAMPLE.token, EXAMPLE.url, EXAMPLE.params)).toBe(EXAMPLE.signature);
    expect(isValidTwilioSignature(EXAMPLE.token, EXAMPLE.url, EXAMPLE.params, EXAMPLE.signature)).toBe(true);
  });

  it('refuses a changed parameter, URL or token, and a missing signature', () => {
    expect(
      isValidTwilioSignature(
        EXAMPLE.token,
        EXAMPLE.url,
        { ...EXAMPLE.params, Digits: '9' },
        EXAMPLE.signature,
      ),
    ).toBe(false);
    expect(
      isValidTwilioSignature(EXAMPLE.token, `${EXAMPLE.url}&x=1`, EXAMPLE.params, EXAMPLE.signature),
    ).toBe(false);
    expect(isValidTwilioSignature('54321', EXAMPLE.url, EXAMPLE.params, EXAMPLE.signature)).toBe(false);
    expect(isValidTwilioSignature(EXAMPLE.token, EXAMPLE.url, EXAMPLE.params, undefined)).toBe(false);
  });
});

describe('Twilio sender', () => {
  const settings = {
    accountSid: 'AC123',
    authToken: 'secret',
    from: '+15005550006',
    messagingServiceSid: undefined,
    apiBase: 'http://127.0.0.1:9',
    statusCallbackUrl: 'http://salon.test/api/sms/twilio/status',
  };

  it('posts the form with basic auth and returns the message sid', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const sender = createTwilioSmsSender(settings, async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Response.json({ sid: 'SM1' }, { status: 201 });
    });
    await expect(sender.send({ to: '+14155550123', body: 'Hi' })).resolves.toEqual({
      providerMessageId: 'SM1',
    });
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/2010-04-01/Accounts/AC123/Messages.json');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      To: '+14155550123',
      Body: 'Hi',
      From: '+15005550006',
      StatusCallback: 'http://salon.test/api/sms/twilio/status',
    });
  });

  it('marks 5xx, 429 and a request that never left retryable; 4xx and a lost answer final', async () => {
    const answer = (status: number) =>
      createTwilioSmsSender(settings, async () => Response.json({ message: 'x', code: 1 }, { status }));
    await expect(answer(503).send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: true });
    await expect(answer(429).send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: true });
    await expect(answer(400).send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: false });
    const timeout = createTwilioSmsSender(settings, async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    await expect(timeout.send({ to: '+1', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    // Twilio may have taken it: a retry could text the customer twice.
    await expect(timeout.send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: false });
    const cut = createTwilioSmsSender(settings, async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    });
    await expect(cut.send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: false });
    // Nothing reached Twilio: safe to try again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = createTwilioSmsSender({ ...settings, apiBase: `http://127.0.0.1:${port}` });
    await expect(refused.send({ to: '+1', body: 'x' })).rejects.toMatchObject({ retryable: true });
  });
});
