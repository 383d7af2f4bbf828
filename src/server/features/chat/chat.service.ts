import { randomUUID } from 'node:crypto';
import { answersConversation, type ChatAnswerer } from '../../../shared/chat-answerer.ts';
import { CHAT_VISIBLE_MESSAGES } from '../../../shared/constants.ts';
import { topics } from '../../../shared/realtime.ts';
import type { ChatMessage, ChatThread, SendMessageRequest } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError, invariantFound } from '../../errors.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { PushService } from '../push/push.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { chatText } from '../sms/sms-texts.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { seesWholePhone } from '../wait-list/board-view.ts';
import type { ConversationRow, WaitListRepository } from '../wait-list/wait-list.repository.ts';
import type { ChatRepository } from './chat.repository.ts';

export type ChatSender = { kind: 'customer'; customerId: string } | StaffPrincipal;

export function createChatService(deps: {
  db: Queryable;
  chat: ChatRepository;
  waitList: WaitListRepository;
  companies: Pick<CompanyService, 'requireCompany'>;
  eventLog: EventLog;
  sms: Pick<SmsService, 'kick'>;
  push: Pick<PushService, 'notify'>;
}) {
  const { db, chat, waitList, companies, eventLog, sms, push } = deps;

  /**
   * The visit behind a conversation, if this sender may use it; otherwise "not found". The thread
   * is the customer's at this business, across visits: staff act on its latest visit, whose
   * provider (and answerer) it is now, whichever visit they opened it from. One read finds both.
   */
  async function requireConversation(
    sender: ChatSender,
    waitId: string,
    companyId?: string,
  ): Promise<ConversationRow> {
    const found = await waitList.findConversation(waitId, sender.kind === 'staff');
    const allowed =
      found &&
      (companyId === undefined || found.openedCompanyId === companyId) &&
      (sender.kind === 'customer'
        ? found.openedCustomerId === sender.customerId
        : found.openedCompanyId === sender.companyId);
    if (!found || !allowed) throw new AppError('CHAT_NOT_FOUND');
    // A provider talks with their own customers; the front desk answers the others.
    if (sender.kind === 'staff' && !seesWholePhone(sender, found.providerId))
      throw new AppError('ANOTHER_PROVIDERS_CUSTOMER');
    return found;
  }

  async function loadThread(entry: ConversationRow): Promise<ChatThread> {
    const seq = await eventLog.head(topics.chat(entry.chatThreadKey));
    const [messages, company] = await Promise.all([
      chat.listLatest(entry.chatThreadKey, CHAT_VISIBLE_MESSAGES),
      // Cached per process: a chat is opened far more often than a business changes.
      companies.requireCompany(entry.companyId),
    ]);
    const providerId = entry.chatThreadKey.slice(0, entry.chatThreadKey.length - entry.customerId.length - 1);
    return {
      waitId: entry.waitId,
      companyId: entry.companyId,
      threadKey: entry.chatThreadKey,
      providerName: whoAnswers(entry, company.name),
      answeredBy: holderOf(entry),
      providerId,
      customerId: entry.customerId,
      customerName: entry.name,
      timeZone: company.timeZone,
      messages,
      seq,
    };
  }

  /**
   * A staff member may write when they answer the conversation (any account of the answering
   * provider does), or when nobody in particular does and they are at the desk (owner, front
   * desk). Otherwise they take it over first: the customer then sees who answers (docs/people.md).
   */
  function ensureAnswers(sender: StaffPrincipal, entry: ConversationRow): void {
    const holder = holderOf(entry);
    if (!answersConversation({ ...sender, id: sender.staffUserId }, holder))
      throw new AppError('CHAT_ANSWERED_BY_OTHER', {
        message: `${holder?.name ?? 'The front desk'} answers this conversation. Take it over to write.`,
      });
  }

  /** Who the staff message is signed by: its author, or the business when the owner posts as it. */
  function authorName(
    sender: StaffPrincipal,
    entry: ConversationRow,
    asBusiness: boolean | undefined,
  ): string {
    if (!asBusiness) return sender.name;
    if (sender.role !== 'owner') throw new AppError('ROLE_NOT_ALLOWED');
    return entry.companyName;
  }

  return {
    async getThread(sender: ChatSender, waitId: string, companyId?: string): Promise<ChatThread> {
      return loadThread(await requireConversation(sender, waitId, companyId));
    },

    /** The spec's sendMessage function: stores the message and tells the thread's subscribers. */
    async sendMessage(sender: ChatSender, request: SendMessageRequest): Promise<ChatMessage> {
      const entry = await requireConversation(sender, request.historyId, request.companyId);
      if (request.chatNode !== entry.chatThreadKey) throw new AppError('CHAT_NOT_FOUND');
      if (sender.kind === 'staff') ensureAnswers(sender, entry);
      // Who wrote it comes from the session, never from the payload's user field.
      const author =
        sender.kind === 'customer'
          ? { userId: entry.customerId, userName: entry.name, sender: 'customer' as const }
          : {
              userId: sender.staffUserId,
              userName: authorName(sender, entry, request.asBusiness),
              sender: 'staff' as const,
            };
      // Its event numbered as it commits: on the embedded database in that same commit (event-log.ts).
      const written = await eventLog.numberWhenCommitted(
        chat.insertMessageAndPublish(
          {
            id: randomUUID(),
            threadKey: entry.chatThreadKey,
            companyId: entry.companyId,
            waitId: entry.waitId,
            message: request.message,
            ...author,
          },
          {
            topic: topics.chat(entry.chatThreadKey),
            // The customer may have closed the page: staff messages go out as texts too (when
            // there is a number: a desk walk-in may have none).
            text:
              sender.kind === 'staff' && entry.phoneNumber
                ? {
                    id: randomUUID(),
                    phoneNumber: entry.phoneNumber,
                    body: chatText(entry.companyName, request.message),
                  }
                : null,
          },
        ),
      );
      // Erased at the customer's word (or by age), even since the entry was read above: nothing new
      // is kept of them, nor texted (insertMessageAndPublish).
      const stored = invariantFound(written, 'CHAT_ERASED');
      // The board shows the staff what they have not read yet.
      if (sender.kind === 'customer')
        await eventLog.numberWhenCommitted(
          waitList.countUnreadAndPublish(
            { waitId: entry.waitId, companyId: entry.companyId },
            { boardTopic: topics.board(entry.companyId) },
          ),
        );
      if (sender.kind === 'staff') {
        sms.kick();
        push.notify(entry.customerId, entry.companyId, {
          title: stored.userName,
          body: stored.message.length > 200 ? `${stored.message.slice(0, 197)}...` : stored.message,
          url: `/${encodeURIComponent(entry.companyId)}/chat?id=${entry.waitId}`,
          tag: `chat-${entry.waitId}`,
        });
      }
      return stored;
    },

    /** A staff member opened the conversation: its unread count goes back to 0 on every board. */
    async markRead(principal: StaffPrincipal, waitId: string): Promise<void> {
      const entry = await requireConversation(principal, waitId);
      const cleared = await waitList.markChatReadAndPublish(
        { waitId: entry.waitId, companyId: entry.companyId },
        { boardTopic: topics.board(entry.companyId) },
      );
      if (cleared) eventLog.flushSoon();
    },

    /** This staff member answers from now on; the customer's page and the console hear who. */
    async takeOver(principal: StaffPrincipal, waitId: string): Promise<ChatThread> {
      const entry = await requireConversation(principal, waitId);
      await waitList.takeOverChat({
        waitId: entry.waitId,
        companyId: entry.companyId,
        staffUserId: principal.staffUserId,
      });
      // The visit taken over (the thread's latest), read again with its new answerer: the one
      // opened may be an earlier visit, whose answerer did not change.
      const thread = await loadThread(
        invariantFound(await waitList.findConversation(entry.waitId, false), 'CHAT_NOT_FOUND'),
      );
      await eventLog.append(db, topics.chat(entry.chatThreadKey), 'thread.answerer', {
        providerName: thread.providerName,
        answeredBy: thread.answeredBy,
      });
      eventLog.flushSoon();
      return thread;
    },
  };
}

/** The staff member who answers, if one does (WaitEntryRow.chatHolderId). */
function holderOf(entry: ConversationRow): ChatAnswerer | null {
  return entry.chatHolderId && entry.chatHolderName !== null
    ? { id: entry.chatHolderId, name: entry.chatHolderName, providerId: entry.chatHolderProviderId }
    : null;
}

/** The name the customer sees at the top of their chat. */
function whoAnswers(entry: ConversationRow, companyName: string): string {
  return holderOf(entry)?.name ?? entry.providerName ?? companyName;
}

export type ChatService = ReturnType<typeof createChatService>;
