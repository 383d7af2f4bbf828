import type { Provider } from '../../../shared/schemas.ts';
import type { Queryable } from '../../db/database.ts';

export interface CompanyRow {
  id: string;
  accountId: string;
  name: string;
  location: string;
  timeZone: string;
}

export interface LogoRow {
  logo: Uint8Array | null;
  etag: string | null;
  updatedAt: Date | null;
}

export interface NewCompany {
  id: string;
  accountId: string;
  name: string;
  location: string;
  timeZone?: string;
}

export interface NewProvider {
  id: string;
  name: string;
  speciality: string;
  station: string;
}

const companyColumns = 'id, account_id as "accountId", name, location, time_zone as "timeZone"';

export function createCompanyRepository(db: Queryable) {
  return {
    async findById(companyId: string, tx: Queryable = db): Promise<CompanyRow | null> {
      const { rows } = await tx.query<CompanyRow>(`select ${companyColumns} from companies where id = $1`, [
        companyId,
      ]);
      return rows[0] ?? null;
    },

    /** Service names in the business's order; empty when it configured none. */
    async listServiceNames(companyId: string, tx: Queryable = db): Promise<string[]> {
      const { rows } = await tx.query<{ name: string }>(
        'select name from services where company_id = $1 order by position, name',
        [companyId],
      );
      return rows.map((row) => row.name);
    },

    async listProviders(companyId: string, tx: Queryable = db): Promise<Provider[]> {
      const { rows } = await tx.query<Provider>(
        'select id, name, speciality, station from providers where company_id = $1 and active order by position, name',
        [companyId],
      );
      return rows;
    },

    async findLogo(companyId: string, tx: Queryable = db): Promise<LogoRow | null> {
      const { rows } = await tx.query<LogoRow>(
        'select logo, logo_etag as etag, logo_updated_at as "updatedAt" from companies where id = $1',
        [companyId],
      );
      return rows[0] ?? null;
    },

    async insertCompany(company: NewCompany, tx: Queryable = db): Promise<void> {
      await tx.query(
        'insert into companies (id, account_id, name, location, time_zone) values ($1, $2, $3, $4, $5)',
        [
          company.id,
          company.accountId,
          company.name,
          company.location,
          company.timeZone ?? 'America/New_York',
        ],
      );
    },

    async replaceServices(companyId: string, names: readonly string[], tx: Queryable = db): Promise<void> {
      await tx.query('delete from services where company_id = $1', [companyId]);
      for (const [position, name] of names.entries()) {
        await tx.query('insert into services (company_id, name, position) values ($1, $2, $3)', [
          companyId,
          name,
          position,
        ]);
      }
    },

    async insertProvider(companyId: string, provider: NewProvider, position: number, tx: Queryable = db) {
      await tx.query(
        'insert into providers (id, company_id, name, speciality, station, position) values ($1, $2, $3, $4, $5, $6)',
        [provider.id, companyId, provider.name, provider.speciality, provider.station, position],
      );
    },

    async saveLogo(companyId: string, jpeg: Uint8Array, etag: string, tx: Queryable = db): Promise<void> {
      await tx.query(
        'update companies set logo = $2, logo_etag = $3, logo_updated_at = now() where id = $1',
        [companyId, jpeg, etag],
      );
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
