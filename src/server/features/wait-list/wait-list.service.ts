import { randomUUID } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { JoinWaitListRequest, WaitEntryResponse } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { WaitEntryRow, WaitListRepository } from './wait-list.repository.ts';

export interface JoinWaitListCommand {
  companyId: string;
  customerId: string;
  idempotencyKey: string;
  request: Required<Omit<JoinWaitListRequest, 'fcmToken'>> & { fcmToken?: string | null | undefined };
}

/** The schema checks the shape (+1 and 10 digits); this checks it is a dialable US number length. */
function ensureDialablePhone(phoneNumber: string): void {
  if (!parsePhoneNumberFromString(phoneNumber, 'US')?.isPossible()) {
    throw new AppError('VALIDATION_FAILED', {
      field: 'phoneNumber',
      message: 'Please enter a 10-digit phone number',
    });
  }
}

function toResponse(row: WaitEntryRow): WaitEntryResponse {
  return {
    waitId: row.waitId,
    companyId: row.companyId,
    companyName: row.companyName,
    id: row.customerId,
    serviceType: row.serviceType,
    name: row.name,
    phoneNumber: row.phoneNumber,
    allowSms: row.allowSms,
    date: new Date(row.date).toISOString(),
    status: row.status,
    history: {
      id: row.waitId,
      name: row.name,
      providerId: row.providerId,
      providerName: row.providerName,
      providerStation: row.providerStation,
    },
  };
}

export function createWaitListService(deps: { waitList: WaitListRepository; companies: CompanyService }) {
  const { waitList, companies } = deps;

  return {
    async joinWaitList(command: JoinWaitListCommand): Promise<{ waitId: string; created: boolean }> {
      const { companyId, request } = command;
      ensureDialablePhone(request.phoneNumber);
      await companies.requireCompany(companyId);
      await companies.ensureServiceOffered(companyId, request.serviceType);
      return waitList.insertOnce({
        id: randomUUID(),
        companyId,
        customerId: command.customerId,
        idempotencyKey: command.idempotencyKey,
        serviceType: request.serviceType,
        name: request.name,
        phoneNumber: request.phoneNumber,
        allowSms: request.allowSms,
        fcmToken: request.fcmToken ?? null,
      });
    },

    /** A customer reads only their own entry; anyone else's looks exactly like a missing one. */
    async getOwnWaitEntry(companyId: string, waitId: string, customerId: string): Promise<WaitEntryResponse> {
      const row = await waitList.findById(waitId);
      if (!row || row.companyId !== companyId || row.customerId !== customerId) {
        throw new AppError('WAIT_ENTRY_NOT_FOUND');
      }
      return toResponse(row);
    },
  };
}

export type WaitListService = ReturnType<typeof createWaitListService>;
