import { randomUUID } from 'node:crypto';
import { normalizeUsNumber } from '../../../shared/phone.ts';
import { topics } from '../../../shared/realtime.ts';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { ChatRepository } from '../chat/chat.repository.ts';
import type { WaitListRepository } from '../wait-list/wait-list.repository.ts';
import type { OptOutScope, SmsRepository } from './sms.repository.ts';
import { keywordOf, SMS_WORDS } from './sms-texts.ts';
import type { SmsWorker } from './sms-worker.ts';

export function createSmsService(deps: {
  db: Database;
  sms: SmsRepository;
  worker: SmsWorker;
  chat: ChatRepository;
  waitList: Pick<WaitListRepository, 'countUnreadAndPublish'>;
  eventLog: EventLog;
}) {
  const { db, sms, worker, chat, waitList, eventLog } = deps;

  return {
    kick: () => worker.kick(),

    /**
     * A text from a customer's phone: STOP / START / HELP, or a message for the business, which
     * lands in that customer's current chat thread there. `scope` is whose number it was sent to:
     * one business's (the outbox's answer as the customer), or the number every business shares
     * (Twilio), where it goes to the business that texted the number last. A number no business
     * texted gets no answer; a STOP to the shared number stops it for every business even then.
     */
    async receive(
      text: { from: string; body: string; providerMessageId: string | null },
      scope: OptOutScope,
    ): Promise<'ignored' | 'stop' | 'start' | 'help' | 'chat'> {
      const phoneNumber = normalizeUsNumber(text.from);
      if (!phoneNumber) return 'ignored';
      const entry = await sms.findReplyTarget(phoneNumber, scope);
      // A phone texting to join (text-join.service.ts) has no visit yet: its STOP, START and HELP
      // are about the business that answered it.
      const business = entry ?? (await sms.findLastTextingBusiness(phoneNumber, scope));
      const keyword = keywordOf(text.body);
      const outcome = await db.transaction(async (tx) => {
        const stored = await sms.insertInbound(
          {
            id: randomUUID(),
            companyId: business?.companyId ?? null,
            waitId: entry?.waitId ?? null,
            phoneNumber,
            body: text.body.slice(0, 1600),
            providerMessageId: text.providerMessageId,
          },
          tx,
        );
        // Twilio retries a webhook it thinks failed: the same message is handled once.
        if (!stored) return 'ignored' as const;
        if (!business) {
          // The carrier stops the shared number for this phone whoever texted it: so do we.
          if (keyword?.kind === 'stop' && scope === 'shared-number') await sms.optOut(phoneNumber, scope, tx);
          return 'ignored' as const;
        }
        // In the keyword's own language (PARAR: Spanish), else the customer's, else the business's.
        const replies = SMS_WORDS[keyword?.language ?? entry?.language ?? business.language].replies;
        const replyKey = `${keyword?.kind}:${text.providerMessageId ?? randomUUID()}`;
        const reply = (body: string) =>
          sms.enqueueReply(
            {
              id: randomUUID(),
              companyId: business.companyId,
              kind: keyword!.kind,
              eventKey: replyKey,
              phoneNumber,
              body,
            },
            tx,
          );
        if (keyword?.kind === 'stop') {
          // Confirmed once: a second STOP from an opted-out number gets no text.
          if (await sms.optOut(phoneNumber, scope, tx)) await reply(replies.stop);
          return 'stop' as const;
        }
        if (keyword?.kind === 'start') {
          if (await sms.optIn(phoneNumber, scope, tx)) await reply(replies.start(business.companyName));
          return 'start' as const;
        }
        if (keyword?.kind === 'help') {
          await reply(replies.help(business.companyName));
          return 'help' as const;
        }
        if (!entry) return 'ignored' as const;
        await chat.insertMessageAndPublish(
          {
            id: randomUUID(),
            threadKey: entry.chatThreadKey,
            companyId: entry.companyId,
            waitId: entry.waitId,
            userId: entry.customerId,
            userName: entry.name,
            sender: 'customer',
            message: text.body.trim().slice(0, 1000) || '(empty text)',
          },
          { topic: topics.chat(entry.chatThreadKey), text: null },
          tx,
        );
        // Unread on the board, as a message from the chat page is (a phone-in can only text).
        await waitList.countUnreadAndPublish(
          { waitId: entry.waitId, companyId: entry.companyId },
          { boardTopic: topics.board(entry.companyId) },
          tx,
        );
        return 'chat' as const;
      });
      eventLog.flushSoon();
      worker.kick();
      return outcome;
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
