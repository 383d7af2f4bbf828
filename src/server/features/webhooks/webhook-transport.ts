import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { type PushResponse, postWithLimits } from '../../push/push-transport.ts';

/** Posts one signed delivery to an endpoint; answers its status (and the start of its body). */
export type WebhookTransport = (
  url: URL,
  request: { headers: Record<string, string>; body: Uint8Array },
) => Promise<PushResponse>;

/** A receiver answers quickly and says little; a slower one is tried again later. */
export const WEBHOOK_LIMITS = { timeoutMs: 15_000, maxResponseBytes: 64 * 1024 } as const;

/**
 * The real transport: the same guard as Web Push's (push-transport.ts). An endpoint is a URL an
 * owner typed, so it must not reach into the server's own network: https only, to public unicast
 * addresses checked on the very socket that connects, and no redirects followed.
 */
export function createPublicWebhookTransport(): WebhookTransport {
  const agent = new RequestFilteringHttpsAgent();
  return (url, request) => {
    if (url.protocol !== 'https:')
      return Promise.reject(new Error(`webhook endpoints must use https, not ${url.protocol}`));
    return postWithLimits(httpsRequest, url, request, { ...WEBHOOK_LIMITS, agent });
  };
}
