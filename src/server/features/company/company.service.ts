import { DEFAULT_SERVICES } from '../../../shared/constants.ts';
import type { WalkInLanding } from '../../../shared/schemas.ts';
import type { Provider } from '../../../shared/staff-schemas.ts';
import { AppError, invariantFound } from '../../errors.ts';
import type { CompanyRepository, CompanyRow } from './company.repository.ts';

/**
 * A business, its services and its providers change a few times a year but are read on every
 * join, page view and place-in-line refresh, so each process keeps them for a few seconds. A change made through this process is seen
 * at once (`forget`); other processes see it within CACHE_SECONDS. Unknown ids are not cached.
 */
const CACHE_SECONDS = 5;

export function createCompanyService(companies: CompanyRepository, options: { cacheSeconds?: number } = {}) {
  const cacheMs = (options.cacheSeconds ?? CACHE_SECONDS) * 1000;
  const cache = new Map<
    string,
    { at: number; company: CompanyRow; services: string[]; providers: Provider[] }
  >();

  async function load(companyId: string) {
    const cached = cache.get(companyId);
    if (cached && Date.now() - cached.at < cacheMs) return cached;
    const { company, serviceNames, providers } = invariantFound(
      await companies.findWithLineup(companyId),
      'COMPANY_NOT_FOUND',
    );
    const entry = {
      at: Date.now(),
      company,
      // The spec's ten defaults when the business has configured none (spec §3).
      services: serviceNames.length > 0 ? serviceNames : [...DEFAULT_SERVICES],
      providers,
    };
    if (cache.size > 10_000) cache.clear();
    cache.set(companyId, entry);
    return entry;
  }

  async function requireCompany(companyId: string): Promise<CompanyRow> {
    return (await load(companyId)).company;
  }

  async function listServices(companyId: string): Promise<string[]> {
    return [...(await load(companyId)).services];
  }

  return {
    requireCompany,
    listServices,

    /** The business's active providers, in their order. */
    async listProviders(companyId: string): Promise<Provider[]> {
      return [...(await load(companyId)).providers];
    },

    /** After a change to the business, its services or its providers through this process. */
    forget(companyId: string): void {
      cache.delete(companyId);
    },

    /**
     * The landing data for a code as the walk-in typed it: a code in another case ("DEMO") finds
     * the business too, and the answer's companyId is its real id for the app to continue with.
     */
    async getWalkInLanding(code: string): Promise<Omit<WalkInLanding, 'walkInsStopped'>> {
      const { company, services } = await load(code).catch(async (error: unknown) => {
        const companyId =
          error instanceof AppError && error.code === 'COMPANY_NOT_FOUND'
            ? await companies.findIdIgnoringCase(code)
            : null;
        if (companyId === null || companyId === code) throw error;
        return load(companyId);
      });
      return {
        companyId: company.id,
        accountId: company.accountId,
        name: company.name,
        location: company.location,
        services: [...services],
        joinFields: company.joinFields,
        largestParty: company.largestParty,
      };
    },

    async ensureServiceOffered(companyId: string, serviceType: string): Promise<void> {
      const services = await listServices(companyId);
      if (!services.includes(serviceType))
        throw new AppError('SERVICE_NOT_OFFERED', { field: 'serviceType' });
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
