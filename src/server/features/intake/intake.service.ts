import type { ConsoleLanguage, Language } from '../../../shared/languages.ts';
import { topics } from '../../../shared/realtime.ts';
import {
  type ServiceRequestProvider,
  UUID_PATTERN,
  type WalkInLanding,
  type WalkInsStopped,
} from '../../../shared/schemas.ts';
import type {
  BoardIntake,
  IntakeSettingsRequest,
  PauseRequest,
  RunningBehindRequest,
} from '../../../shared/staff-schemas.ts';
import { AppError } from '../../errors.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { CompanyRepository, CompanyRow } from '../company/company.repository.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { LinePlanService } from '../schedule/line-plan.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { wordingByLanguage } from '../sms/sms-texts.ts';
import type { WaitListRepository } from '../wait-list/wait-list.repository.ts';
import { type IntakeRules, stoppedMessage, walkInsStoppedAt } from './walk-ins-stopped.ts';

/** The error code each reason answers a refused join with (errors.ts). */
const REFUSAL_CODE = {
  suspended: 'NOT_TAKING_WALK_INS_ONLINE',
  closed: 'WALK_INS_CLOSED',
  last_call: 'WALK_INS_CLOSED',
  paused: 'WALK_INS_PAUSED',
  full: 'WAIT_LIST_FULL',
} as const satisfies Record<WalkInsStopped['reason'], string>;

function rulesOf(company: CompanyRow): IntakeRules {
  return {
    suspended: company.suspendedAt !== null,
    timeZone: company.timeZone,
    openingHours: company.openingHours,
    pause: company.pausedAt
      ? { message: company.pauseMessage, until: company.pauseUntil ? company.pauseUntil.getTime() : null }
      : null,
    maxWaiting: company.maxWaiting,
    maxWaitMinutes: company.maxWaitMinutes,
  };
}

/**
 * When a business takes walk-ins (docs/opening-hours.md): its opening hours, the staff's pause and
 * the owner's caps. Customers' joins and requests are refused outside them; the desk's walk-ins
 * and the customers already in line are not touched.
 */
export function createIntakeService(deps: {
  companies: CompanyService;
  companyRepository: CompanyRepository;
  waitList: Pick<WaitListRepository, 'setRunningBehindAndPublish'>;
  eventLog: Pick<EventLog, 'flushSoon'>;
  sms: Pick<SmsService, 'kick'>;
  linePlan: Pick<LinePlanService, 'lineLoad'>;
  /** The business's clock; tests set it. */
  now: () => number;
}) {
  const { companies, companyRepository, waitList, eventLog, sms, linePlan, now } = deps;

  // The schedule's plan of the line, with "running behind" in it (docs/wait-estimate.md).
  const lineLoadOf = (company: CompanyRow) => linePlan.lineLoad(company.id);

  /**
   * Whether and why not, in the reader's language (the request's or the page's), else the
   * business's. Worked out on each read, never kept: each reader gets their own words.
   */
  async function walkInsStopped(
    companyId: string,
    language: Language | null | undefined,
  ): Promise<WalkInsStopped | null> {
    const company = await companies.requireCompany(companyId);
    return walkInsStoppedAt(rulesOf(company), now(), () => lineLoadOf(company), language ?? company.language);
  }

  return {
    walkInsStopped,

    /** The landing data of every entry page, with whether (and why not) it takes walk-ins now. */
    async getWalkInLanding(code: string, language?: Language | null): Promise<WalkInLanding> {
      const landing = await companies.getWalkInLanding(code);
      return { ...landing, walkInsStopped: await walkInsStopped(landing.companyId, language) };
    },

    /**
     * The provider an add-client link names, with whether the business takes requests now; throws
     * PROVIDER_UNKNOWN for one who does not work there (left, or a mistyped link).
     */
    async getServiceRequestProvider(
      companyId: string,
      providerId: string,
      language?: Language | null,
    ): Promise<ServiceRequestProvider> {
      await companies.requireCompany(companyId);
      const provider = UUID_PATTERN.test(providerId)
        ? (await companies.listProviders(companyId)).find((candidate) => candidate.id === providerId)
        : undefined;
      if (!provider) throw new AppError('PROVIDER_UNKNOWN');
      return {
        name: provider.name,
        speciality: provider.speciality,
        walkInsStopped: await walkInsStopped(companyId, language),
      };
    },

    /**
     * Refuses a customer's join or request while the business takes none, storing nothing; the
     * refusal says why in the customer's language.
     */
    async ensureTakingWalkIns(companyId: string, language?: Language | null): Promise<void> {
      const stopped = await walkInsStopped(companyId, language);
      if (stopped) throw new AppError(REFUSAL_CODE[stopped.reason], { message: stoppedMessage(stopped) });
    },

    /** The board's bar, in the console's language of the reader (English without one). */
    async boardIntake(companyId: string, language: ConsoleLanguage = 'en'): Promise<BoardIntake> {
      const company = await companies.requireCompany(companyId);
      const rules = rulesOf(company);
      const pauseActive = rules.pause && (rules.pause.until === null || now() < rules.pause.until);
      return {
        // The staff member's words, never the business's: the console speaks en and es only.
        walkInsStopped: await walkInsStoppedAt(rules, now(), () => lineLoadOf(company), language),
        pause:
          pauseActive && rules.pause
            ? {
                message: rules.pause.message ?? '',
                until: rules.pause.until === null ? null : new Date(rules.pause.until).toISOString(),
              }
            : null,
        hoursSet: company.openingHours !== null,
        runningBehindMinutes: company.runningBehindMinutes,
      };
    },

    /** "Pause the list" (null: "Resume"); every open board hears it. */
    async setPause(companyId: string, pause: PauseRequest | null): Promise<void> {
      // Dated by the businesses' clock, which the hours and the resume time are read against.
      const at = now();
      await companyRepository.setPauseAndPublish(
        companyId,
        pause
          ? {
              at: new Date(at),
              message: pause.message || null,
              until: pause.resumeInMinutes ? new Date(at + pause.resumeInMinutes * 60_000) : null,
            }
          : null,
        topics.board(companyId),
      );
      companies.forget(companyId);
      eventLog.flushSoon();
    },

    /**
     * "Running N minutes behind" (0: on time): every estimate shifts by it, the customers' pages
     * say it, and with `textWaiting` everyone waiting gets one text (the business's text budget).
     */
    async setRunningBehind(companyId: string, request: RunningBehindRequest): Promise<number> {
      const texted = await waitList.setRunningBehindAndPublish({
        companyId,
        minutes: request.minutes,
        at: new Date(now()),
        boardTopic: topics.board(companyId),
        text: request.textWaiting ? wordingByLanguage('runningBehind') : null,
      });
      companies.forget(companyId);
      eventLog.flushSoon();
      if (texted > 0) sms.kick();
      return texted;
    },

    async saveSettings(companyId: string, request: IntakeSettingsRequest): Promise<void> {
      await companyRepository.updateIntakeSettings(companyId, request);
      companies.forget(companyId);
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
