import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import { createCompanyRepository } from '../features/company/company.repository.ts';
import { hashPassword } from '../features/staff/password.ts';
import { createStaffRepository } from '../features/staff/staff.repository.ts';

export const DEMO_COMPANY_ID = 'demo';
/** Demo-only sign-in for the console (README says so). Never seeded outside the demo business. */
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-owner', name: 'Demo Owner' };

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
  const logo = readFileSync(new URL('../../../assets/demo-logo.jpg', import.meta.url));
  // Hashed before the transaction: PGlite runs one thing at a time and scrypt takes a moment.
  const ownerPasswordHash = await hashPassword(DEMO_OWNER.password);
  return db.transaction(async (tx) => {
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
    for (const [position, provider] of DEMO_PROVIDERS.entries()) {
      await companies.insertProvider(DEMO_COMPANY_ID, { id: randomUUID(), ...provider }, position, tx);
    }
    await staff.insertStaffUser(
      {
        id: randomUUID(),
        companyId: DEMO_COMPANY_ID,
        email: DEMO_OWNER.email,
        name: DEMO_OWNER.name,
        passwordHash: ownerPasswordHash,
        role: 'owner',
      },
      tx,
    );
    const etag = createHash('sha1').update(logo).digest('hex').slice(0, 16);
    await companies.saveLogo(DEMO_COMPANY_ID, logo, etag, tx);
    return true;
  });
}
