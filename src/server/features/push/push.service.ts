import type { FastifyBaseLogger } from 'fastify';
import { backgroundFailureLevel } from '../../db/connection-errors.ts';
import {
  createWebPushSender,
  generateVapidKeys,
  type PushMessage,
  type PushSender,
  type VapidKeys,
} from '../../push/push-sender.ts';
import type { PushRepository } from './push.repository.ts';

/** VAPID keys from the environment, else made on first start and kept in the database. */
export async function loadVapidKeys(
  push: PushRepository,
  fromEnv: { publicKey: string | undefined; privateKey: string | undefined; subject: string },
): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject: fromEnv.subject };
  }
  const stored = await push.readSetting('vapid_keys');
  const keys = stored ?? (await push.writeSettingOnce('vapid_keys', JSON.stringify(generateVapidKeys())));
  const { publicKey, privateKey } = JSON.parse(keys) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: fromEnv.subject };
}

export function createPushService(deps: {
  push: PushRepository;
  vapid: VapidKeys;
  sender?: PushSender;
  logger: FastifyBaseLogger;
}) {
  const { push, vapid, logger } = deps;
  const sender = deps.sender ?? createWebPushSender(vapid);

  return {
    publicKey: vapid.publicKey,
    saveSubscription: push.saveSubscription.bind(push),

    /**
     * Best effort, after the change is committed: a notification is a nudge, the page and the text
     * carry the news. A 404/410 from the push service deletes the subscription. The lookup starts
     * on the next turn: the change's events are numbered on that turn too (event-log.ts
     * flushSoon), and on PGlite, where statements take turns, they go first.
     */
    notify(customerId: string, companyId: string, message: PushMessage): void {
      void (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        for (const subscription of await push.listForCustomer(customerId, companyId)) {
          try {
            if ((await sender.send(subscription, message)) === 'gone')
              await push.deleteSubscription(subscription.endpoint);
          } catch (error) {
            logger.warn({ err: error }, 'web push failed');
          }
        }
      })().catch((error: unknown) =>
        logger[backgroundFailureLevel(error)]({ err: error }, 'web push lookup failed'),
      );
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
