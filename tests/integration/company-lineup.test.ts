import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from '../../src/server/seed/demo.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The company cache reloads a busy business every few seconds: its row, services and providers
 * now come in one statement (findWithLineup), and must match what the separate reads return.
 */
describe.each(databaseKinds)('a business with its lineup in one read on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoCompany(database.db);
  });
  afterAll(async () => database?.close());

  it('matches the business row, its services in order and its active providers in order', async () => {
    const companies = createCompanyRepository(database.db);
    await companies.replaceServices(DEMO_COMPANY_ID, ['Zebra Cut', 'Color', 'Blowout']);
    const providers = await companies.listProviders(DEMO_COMPANY_ID);
    expect(providers.length).toBeGreaterThan(1);
    await companies.deactivateProvider(DEMO_COMPANY_ID, providers[0]!.id);

    const lineup = await companies.findWithLineup(DEMO_COMPANY_ID);
    expect(lineup?.company).toEqual(await companies.findById(DEMO_COMPANY_ID));
    expect(lineup?.serviceNames).toEqual(['Zebra Cut', 'Color', 'Blowout']);
    expect(lineup?.providers).toEqual(providers.slice(1));
    expect(lineup?.providers).toEqual(await companies.listProviders(DEMO_COMPANY_ID));
  });

  it('answers empty lists for a business with no services or providers, and null for none', async () => {
    const companies = createCompanyRepository(database.db);
    await companies.replaceServices(DEMO_COMPANY_ID, []);
    for (const provider of await companies.listProviders(DEMO_COMPANY_ID))
      await companies.deactivateProvider(DEMO_COMPANY_ID, provider.id);
    const lineup = await companies.findWithLineup(DEMO_COMPANY_ID);
    expect(lineup?.serviceNames).toEqual([]);
    expect(lineup?.providers).toEqual([]);
    expect(await companies.findWithLineup('no-such-business')).toBeNull();
  });
});
