import { createHash, randomUUID } from 'node:crypto';
import { splitLocation, toPipeLocation } from '../../../shared/address.ts';
import type { FeedbackSettingsRequest } from '../../../shared/feedback-schemas.ts';
import { JOIN_FIELD_DEFAULT_MAX_LENGTH, wellFormed } from '../../../shared/join-fields.ts';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import type {
  BusinessSettings,
  CompanySettingsRequest,
  JoinFieldsSettingsRequest,
  PartySizeSettingsRequest,
  ProviderSettingsRequest,
  ServicesSettingsRequest,
  SmsWording,
} from '../../../shared/staff-schemas.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AppointmentsService } from '../appointments/appointments.service.ts';
import { SMS_WORDS } from '../sms/sms-texts.ts';
import type { WaitListService } from '../wait-list/wait-list.service.ts';
import type { CompanyRepository, CompanyRow } from './company.repository.ts';
import type { CompanyService } from './company.service.ts';
import { toStoredLogo } from './logo-image.ts';

/** The console's Settings page: the business, its services and durations, providers, logo. */
export function createSettingsService(deps: {
  db: Database;
  companies: CompanyRepository;
  companyService: CompanyService;
  waitList: Pick<WaitListService, 'moveProviderCustomers'>;
  appointments: Pick<AppointmentsService, 'moveProviderAppointments'>;
}) {
  const { companies, companyService } = deps;

  return {
    async getSettings(companyId: string): Promise<BusinessSettings> {
      const company = await companyService.requireCompany(companyId);
      const [services, providers, hasCustomLogo] = await Promise.all([
        companies.listServiceSettings(companyId),
        companies.listProviders(companyId),
        companies.hasLogo(companyId),
      ]);
      return {
        companyId,
        name: company.name,
        ...splitLocation(company.location),
        timeZone: company.timeZone,
        smsJoinText: company.smsTexts[company.language]?.join ?? '',
        smsCalledText: company.smsTexts[company.language]?.called ?? '',
        requestReplyMinutes: company.requestReplyMinutes,
        nearTurnDefault: company.nearTurnDefault,
        language: company.language,
        retentionDays: company.retentionDays,
        // The business's own wording replaces its language's default (docs/languages.md).
        defaultSmsTexts: {
          join: SMS_WORDS[company.language].join,
          called: SMS_WORDS[company.language].called,
        },
        smsTextsByLanguage: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            {
              join: company.smsTexts[language]?.join ?? '',
              called: company.smsTexts[language]?.called ?? '',
              defaultJoin: SMS_WORDS[language].join,
              defaultCalled: SMS_WORDS[language].called,
            },
          ]),
        ) as BusinessSettings['smsTextsByLanguage'],
        services,
        providers,
        hasCustomLogo,
        openingHours: company.openingHours,
        maxWaiting: company.maxWaiting,
        maxWaitMinutes: company.maxWaitMinutes,
        askFeedback: company.askFeedback,
        reviewUrl: company.reviewUrl ?? '',
        joinFields: company.joinFields,
        largestParty: company.largestParty,
      };
    },

    async updateCompany(companyId: string, request: CompanySettingsRequest): Promise<void> {
      const company = await companyService.requireCompany(companyId);
      // Insights compute the business's day in the database: a zone it does not know would fail there.
      if (request.timeZone && !(await companies.databaseKnowsTimeZone(request.timeZone)))
        throw new AppError('VALIDATION_FAILED', {
          field: 'timeZone',
          message: 'Choose a time zone from the list',
        });
      await companies.updateCompany(companyId, {
        name: request.name,
        location: toPipeLocation({
          street: request.street,
          city: request.city,
          state: request.state.toUpperCase(),
          zip: request.zip,
        }),
        smsTexts: smsTextsAfter(company, request),
        timeZone: request.timeZone ?? null,
        requestReplyMinutes: request.requestReplyMinutes ?? null,
        nearTurnDefault: request.nearTurnDefault ?? null,
        language: request.language ?? null,
        retentionDays: request.retentionDays ?? null,
      });
      companyService.forget(companyId);
    },

    async updateFeedback(companyId: string, request: FeedbackSettingsRequest): Promise<void> {
      await companies.updateFeedbackSettings(companyId, {
        askFeedback: request.askFeedback,
        reviewUrl: request.reviewUrl || null,
      });
      companyService.forget(companyId);
    },

    /**
     * The owner's questions when customers join (docs/join-fields.md): a new field gets an id, a
     * kept one keeps its own (so past answers and the CSV column stay its), one left out is gone.
     */
    async updateJoinFields(companyId: string, request: JoinFieldsSettingsRequest): Promise<void> {
      // Read fresh, not from the company cache: another process may have saved a field a moment ago.
      const current = await companies.findById(companyId);
      const known = new Set(current?.joinFields.map((field) => field.id));
      const fields = request.fields.map((field) => {
        // A field the business no longer has (removed meanwhile), or one listed twice.
        if (field.id !== undefined && !known.delete(field.id))
          throw new AppError('VALIDATION_FAILED', {
            field: 'fields',
            message: 'That question was changed meanwhile. Reload the page and try again.',
          });
        return {
          id: field.id ?? randomUUID().replaceAll('-', ''),
          label: wellFormed(field.label),
          required: field.required ?? false,
          maxLength: field.maxLength ?? JOIN_FIELD_DEFAULT_MAX_LENGTH,
        };
      });
      await companies.updateJoinFields(companyId, fields);
      companyService.forget(companyId);
    },

    /** The owner's "Largest party" (docs/party-size.md); joins read it with the company row. */
    async updateLargestParty(companyId: string, request: PartySizeSettingsRequest): Promise<void> {
      await companies.updateLargestParty(companyId, request.largestParty);
      companyService.forget(companyId);
    },

    async replaceServices(companyId: string, request: ServicesSettingsRequest): Promise<void> {
      // With the providers' services, which follow a rename or a removal (company.repository.ts).
      await deps.db.transaction((tx) => companies.replaceServices(companyId, request.services, tx));
      companyService.forget(companyId);
    },

    async addProvider(companyId: string, request: ProviderSettingsRequest): Promise<string> {
      const id = randomUUID();
      await companies.insertProvider(
        companyId,
        { id, ...request },
        await companies.nextProviderPosition(companyId),
      );
      companyService.forget(companyId);
      return id;
    },

    async updateProvider(
      companyId: string,
      providerId: string,
      request: ProviderSettingsRequest,
    ): Promise<void> {
      if (!(await companies.updateProvider(companyId, { id: providerId, ...request }))) {
        throw new AppError('PROVIDER_NOT_FOUND');
      }
      companyService.forget(companyId);
    },

    /**
     * The provider stops working here (kept, inactive, for the history). Their waiting and called
     * customers go where the owner said: another provider, or anyone (null); none is left pointing
     * at a provider the board no longer offers.
     */
    async removeProvider(companyId: string, providerId: string, moveTo: string | null): Promise<void> {
      const providers = await companies.listProviders(companyId);
      if (!providers.some((provider) => provider.id === providerId)) throw new AppError('PROVIDER_NOT_FOUND');
      if (moveTo !== null && (moveTo === providerId || !providers.some((provider) => provider.id === moveTo)))
        throw new AppError('PROVIDER_NOT_FOUND', { field: 'moveTo' });
      await deps.waitList.moveProviderCustomers(companyId, providerId, moveTo);
      if (moveTo !== null) await deps.appointments.moveProviderAppointments(companyId, providerId, moveTo);
      if (!(await companies.deactivateProvider(companyId, providerId)))
        throw new AppError('PROVIDER_NOT_FOUND');
      companyService.forget(companyId);
    },

    /** logo/{companyId}.jpg (spec §3): a JPEG or PNG upload, stored re-encoded (logo-image.ts). */
    async saveLogo(companyId: string, upload: Buffer): Promise<void> {
      const jpeg = await toStoredLogo(upload);
      await companies.saveLogo(companyId, jpeg, createHash('sha1').update(jpeg).digest('hex').slice(0, 16));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * The wording per language a settings request leaves: `smsTexts` replaces every language's; the
 * older `smsJoinText`/`smsCalledText` word the business's language (after this request) and keep
 * the others'. Empty texts are left out: that language's default.
 */
function smsTextsAfter(
  company: Pick<CompanyRow, 'smsTexts' | 'language'>,
  request: CompanySettingsRequest,
): Partial<Record<Language, SmsWording>> {
  const wanted = request.smsTexts ?? {
    ...company.smsTexts,
    [request.language ?? company.language]: { join: request.smsJoinText, called: request.smsCalledText },
  };
  const kept: Partial<Record<Language, SmsWording>> = {};
  for (const language of LANGUAGES) {
    const wording = wanted[language];
    const join = wording?.join || undefined;
    const called = wording?.called || undefined;
    if (join || called) kept[language] = { ...(join ? { join } : {}), ...(called ? { called } : {}) };
  }
  return kept;
}
