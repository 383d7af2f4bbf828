import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import { createCompanyRepository } from '../features/company/company.repository.ts';
import { createStaffRepository } from '../features/staff/staff.repository.ts';

export const DEMO_COMPANY_ID = 'demo';
/** Demo-only sign-in for the console (README says so). Never seeded outside the demo business. */
export const DEMO_OWNER = {
  email: 'owner@demo.test',
  password: 'demo-owner',
  name: 'Demo Owner',
  // Each demo password's scrypt hash, made once here (features/staff/password.ts): hashing them at
  // the seed ran three scrypt calls of 128 MiB at once, and put a first start's peak at 0.86 GB
  // (issue 25 item 3). The passwords are public, so a fixed salt gives nothing away; signing in
  // as each account (tests) checks that hash and password agree.
  passwordHash: 'scrypt$131072$8$1$lGKCOwNRvgUdARG4X8Dhtg==$XtCfzihc4BwyqUFIcsYOb8v1MQ8VFAES5aGn18LYDjg=',
};
/** The demo's front desk and Maria Lopez's own account, to try the roles (docs/people.md). */
export const DEMO_FRONT_DESK = {
  email: 'desk@demo.test',
  password: 'demo-front-desk',
  name: 'Sam Rivera',
  passwordHash: 'scrypt$131072$8$1$OQustc93moRExiSik5VIbw==$5RLDPSaii6xU/dT3RsdOZYrilLdLxRvXuRtS/0OyCCY=',
};
export const DEMO_PROVIDER = {
  email: 'maria@demo.test',
  password: 'demo-provider',
  name: 'Maria Lopez',
  passwordHash: 'scrypt$131072$8$1$6+ynQ6ihd29r2KyhmNFWkQ==$Eze5FKyhDpcIik0S0DGkaz6dVUyqpjujaHZwn2koy1g=',
};

/** Service names hold slashes and apostrophes on purpose: routes must encode them. */
export const DEMO_SERVICES = [
  "Women's Haircut/Style",
  "Men's Haircut/Style",
  'Facials',
  'Massage',
  'Mani/Pedi',
  'Waxing',
] as const;

const DEMO_PROVIDERS = [
  { name: 'Maria Lopez', speciality: 'Color & Cuts', station: 'Chair 1' },
  { name: 'James Chen', speciality: 'Skin & Massage', station: 'Room 2' },
];

/** Seeds the demo business unless it exists. Returns whether it created it. */
export async function seedDemoCompany(db: Database): Promise<boolean> {
  const companies = createCompanyRepository(db);
  const staff = createStaffRepository(db);
  if (await companies.findById(DEMO_COMPANY_ID)) return false;
  const logo = readFileSync(new URL('../../../assets/demo-logo.jpg', import.meta.url));
  return db.transaction(async (tx) => {
    // Another process may have seeded it meanwhile (two servers starting on one PostgreSQL).
    if (await companies.findById(DEMO_COMPANY_ID, tx)) return false;
    await companies.insertCompany(
      {
        id: DEMO_COMPANY_ID,
        accountId: randomUUID(),
        name: 'Bella Demo Salon',
        // Stored as owners type it; the landing page fixes the casing (spec §3).
        location: '1200 MAIN STREET|springfield|il|62701',
        timeZone: 'America/Chicago',
      },
      tx,
    );
    await companies.replaceServices(DEMO_COMPANY_ID, DEMO_SERVICES, tx);
    const providerIds = DEMO_PROVIDERS.map(() => randomUUID());
    for (const [position, provider] of DEMO_PROVIDERS.entries()) {
      await companies.insertProvider(
        DEMO_COMPANY_ID,
        { id: providerIds[position]!, ...provider },
        position,
        tx,
      );
    }
    const accounts = [
      { ...DEMO_OWNER, role: 'owner' as const, providerId: null },
      { ...DEMO_FRONT_DESK, role: 'front_desk' as const, providerId: null },
      { ...DEMO_PROVIDER, role: 'provider' as const, providerId: providerIds[0]! },
    ];
    for (const { password: _, ...account } of accounts)
      await staff.insertStaffUser({ id: randomUUID(), companyId: DEMO_COMPANY_ID, ...account }, tx);
    const etag = createHash('sha1').update(logo).digest('hex').slice(0, 16);
    await companies.saveLogo(DEMO_COMPANY_ID, logo, etag, tx);
    return true;
  });
}
