import { DEFAULT_SERVICES } from '../../../shared/constants.ts';
import type { WalkInLanding } from '../../../shared/schemas.ts';
import { AppError, invariantFound } from '../../errors.ts';
import type { CompanyRepository, CompanyRow } from './company.repository.ts';

export function createCompanyService(companies: CompanyRepository) {
  async function requireCompany(companyId: string): Promise<CompanyRow> {
    return invariantFound(await companies.findById(companyId), 'COMPANY_NOT_FOUND');
  }

  /** The business's services, or the spec's ten defaults when it has configured none (spec §3). */
  async function listServices(companyId: string): Promise<string[]> {
    const names = await companies.listServiceNames(companyId);
    return names.length > 0 ? names : [...DEFAULT_SERVICES];
  }

  return {
    requireCompany,
    listServices,

    async getWalkInLanding(companyId: string): Promise<WalkInLanding> {
      const [company, services] = await Promise.all([requireCompany(companyId), listServices(companyId)]);
      return {
        companyId: company.id,
        accountId: company.accountId,
        name: company.name,
        location: company.location,
        services,
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
