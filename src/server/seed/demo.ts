import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import { createCompanyRepository } from '../features/company/company.repository.ts';
import { hashPassword } from '../features/staff/password.ts';
import { createStaffRepository } from '../features/staff/staff.repository.ts';

export const DEMO_COMPANY_ID = 'demo';
/** Demo-only sign-in for the console (README says so). Never seeded outside the demo business. */
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-owner', name: 'Demo Owner' };
/** The demo's front desk and Maria Lopez's own account, to try the roles (docs/people.md). */
export const DEMO_FRONT_DESK = { email: 'desk@demo.test', password: 'demo-front-desk', name: 'Sam Rivera' };
export const DEMO_PROVIDER = { email: 'maria@demo.test', password: 'demo-provider', name: 'Maria Lopez' };

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

/** The demo accounts' password hashes, made once per process (tests seed many databases). */
let demoPasswordHashes: Promise<string[]> | undefined;

/** Seeds the demo business unless it exists. Returns whether it created it. */
export async function seedDemoCompany(db: Database): Promise<boolean> {
  const companies = createCompanyRepository(db);
  const staff = createStaffRepository(db);
  // Every start on existing data comes here: the hashes below (three scrypt calls of 128 MiB,
  // about a second of CPU) are only made when there is something to seed.
  if (await companies.findById(DEMO_COMPANY_ID)) return false;
  const logo = readFileSync(new URL('../../../assets/demo-logo.jpg', import.meta.url));
  // Hashed before the transaction: PGlite runs one thing at a time and scrypt takes a moment.
  demoPasswordHashes ??= Promise.all(
    [DEMO_OWNER, DEMO_FRONT_DESK, DEMO_PROVIDER].map((account) => hashPassword(account.password)),
  );
  const [ownerHash, frontDeskHash, providerHash] = await demoPasswordHashes;
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
      { ...DEMO_OWNER, passwordHash: ownerHash!, role: 'owner' as const, providerId: null },
      { ...DEMO_FRONT_DESK, passwordHash: frontDeskHash!, role: 'front_desk' as const, providerId: null },
      {
        ...DEMO_PROVIDER,
        passwordHash: providerHash!,
        role: 'provider' as const,
        providerId: providerIds[0]!,
      },
    ];
    for (const { password: _, ...account } of accounts)
      await staff.insertStaffUser({ id: randomUUID(), companyId: DEMO_COMPANY_ID, ...account }, tx);
    const etag = createHash('sha1').update(logo).digest('hex').slice(0, 16);
    await companies.saveLogo(DEMO_COMPANY_ID, logo, etag, tx);
    return true;
  });
}
