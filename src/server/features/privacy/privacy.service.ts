import { topics } from '../../../shared/realtime.ts';
import type { CustomerLookupResponse } from '../../../shared/staff-schemas.ts';
import { CUSTOMER_CAN_LEAVE_FROM } from '../../../shared/wait-status.ts';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { createPrivacyRepository, type PrivacyRepository, RETENTION_BATCH } from './privacy.repository.ts';

/** Batches one retention pass runs per table at most; the next pass (an hour on) takes the rest. */
const MAX_BATCHES_PER_PASS = 40;

/**
 * Customers' data kept only as long as the business says (docs/privacy.md): the hourly retention
 * pass, "Forget me" on the customer's page, and the owner's look-up, export and erase.
 */
export function createPrivacyService(deps: {
  db: Database;
  eventLog: Pick<EventLog, 'flushSoon'>;
  privacy?: PrivacyRepository;
}) {
  const { db, eventLog } = deps;
  const privacy = deps.privacy ?? createPrivacyRepository(db);

  /** One erase, in one transaction: visits, chats, texts, devices and the realtime log's copies. */
  async function erase(companyId: string, by: { customerId: string } | { phoneNumber: string }) {
    const erased = await db.transaction(async (tx) => {
      const locked = await privacy.lockVisits(companyId, by, tx);
      // What is theirs outlives visits already anonymised (by retention, or an earlier erase): the
      // number's texts of no visit (a keyword's answer) and the caller's device. A number a
      // customer typed is not proof it is theirs (anyone can type another's): Forget me reaches
      // the texts of their own visits only; the owner's erase by number reaches them all.
      const visits =
        'phoneNumber' in by
          ? { ...locked, phoneNumbers: [by.phoneNumber] }
          : { ...locked, phoneNumbers: [], customerIds: [by.customerId] };
      const boardTopic = topics.board(companyId);
      const count = await privacy.anonymiseAndPublish(
        companyId,
        visits.waitIds,
        { boardTopic, waitTopicPrefix: topics.wait(''), leaveFrom: CUSTOMER_CAN_LEAVE_FROM },
        tx,
      );
      await privacy.deleteChats(companyId, visits, tx);
      await privacy.eraseTexts(companyId, visits, tx);
      await privacy.eraseFeedback(companyId, visits.waitIds, tx);
      await privacy.deleteWebhookDeliveries(companyId, visits.waitIds, tx);
      await privacy.deletePushSubscriptions(companyId, visits.customerIds, tx);
      // The staff's note on the customer (docs/regulars.md): the owner's erase, on the number; Forget
      // me, on the numbers of the caller's own visits (the note is about whoever came with them).
      await privacy.deleteCustomerNotes(
        companyId,
        'phoneNumber' in by ? [by.phoneNumber] : locked.phoneNumbers,
        tx,
      );
      await privacy.scrubRealtimeEvents(boardTopic, visits.waitIds, visits.threadKeys.map(topics.chat), tx);
      // Forget me finds no appointment: a booking is the desk's, held by no customer's device.
      const appointments =
        'phoneNumber' in by
          ? await privacy.eraseAppointmentsAndPublish(companyId, by.phoneNumber, boardTopic, tx)
          : 0;
      return { count, appointments };
    });
    if (erased.count + erased.appointments > 0) eventLog.flushSoon();
    return { erased: erased.count };
  }

  /** Runs one retention statement in batches until it finds less than a batch (or the pass's cap). */
  async function inBatches(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const done = await step();
      total += done;
      if (done < RETENTION_BATCH) break;
    }
    return total;
  }

  return {
    /**
     * "Forget me": the caller's own visits at this business leave the line and lose their name and
     * number; their chat, texts (pending ones cancelled) and notifications go. Only the caller's:
     * the visits are found by the customer id of their token.
     */
    forgetCustomer(companyId: string, customerId: string) {
      return erase(companyId, { customerId });
    },

    /** The owner erases a customer of their own business, found by phone number. */
    eraseByPhone(principal: StaffPrincipal, phoneNumber: string) {
      return erase(principal.companyId, { phoneNumber });
    },

    async lookUp(principal: StaffPrincipal, phoneNumber: string): Promise<CustomerLookupResponse> {
      const [visits, optedOut] = await Promise.all([
        privacy.listVisits(principal.companyId, phoneNumber),
        privacy.isOptedOut(principal.companyId, phoneNumber),
      ]);
      return { phoneNumber, visits, optedOut };
    },

    async exportData(principal: StaffPrincipal, phoneNumber: string) {
      const [data, optedOut] = await Promise.all([
        privacy.exportData(principal.companyId, phoneNumber),
        privacy.isOptedOut(principal.companyId, phoneNumber),
      ]);
      return {
        business: principal.companyId,
        phoneNumber,
        exportedAt: new Date().toISOString(),
        optedOutOfTexts: optedOut,
        ...data,
      };
    },

    /**
     * The retention pass (app.ts runs it hourly on every process): visits past their business's
     * days lose name and number, and their chat, texts and push subscriptions go. Each statement
     * is idempotent and skips rows another process holds, so processes may run it at once.
     */
    async runRetention() {
      return {
        visits: await inBatches(() => privacy.anonymiseExpiredVisits()),
        chatMessages: await inBatches(() => privacy.deleteExpiredChatMessages()),
        textMessages:
          (await inBatches(() => privacy.deleteExpiredTexts())) +
          (await inBatches(() => privacy.deleteErasedTexts())),
        pushSubscriptions: await inBatches(() => privacy.deleteExpiredPushSubscriptions()),
        appointments: await inBatches(() => privacy.deleteExpiredAppointments()),
        webhookDeliveries: await inBatches(() => privacy.deleteExpiredWebhookDeliveries()),
        // After the visits: a number whose last visit was just anonymised loses its note now.
        customerNotes: await inBatches(() => privacy.deleteCustomerNotesWithoutVisits()),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
