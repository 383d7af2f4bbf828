/**
 * Run by playwright.config.ts before the e2e server starts, on the same DATA_DIR: writes the
 * history salon of history.ts, its owner and its past visits as they would have been written on
 * their days. The running server holds the folder, so this cannot wait until a test needs it.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/open-database.ts';
import { createCompanyRepository } from '../../../src/server/features/company/company.repository.ts';
import { createStaffRepository } from '../../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../../src/server/features/staff/staff.service.ts';
import { historyDay, historySalon, PAST_VISITS } from './history.ts';

const MINUTE = 60_000;
/** How long a visit that came took, after being called. */
const SERVICE_MINUTES = 30;
/** When a called customer who did not come was marked a no-show, after the call. */
const NO_SHOW_AFTER_MINUTES = 10;

const database = await openDatabase(loadConfig());
try {
  const companies = createCompanyRepository(database.db);
  await companies.insertCompany({
    id: historySalon.id,
    accountId: randomUUID(),
    name: historySalon.name,
    location: '1-1 Ginza|Chuo City|Tokyo|10400',
    timeZone: historySalon.timeZone,
  });
  await companies.replaceServices(historySalon.id, historySalon.services);
  await createStaffService(createStaffRepository(database.db)).createStaffUser({
    companyId: historySalon.id,
    ...historySalon.owner,
    role: 'owner',
  });
  for (const [index, visit] of PAST_VISITS.entries()) {
    const arrived = new Date(`${historyDay(visit.daysAgo)}T${visit.at}:00${historySalon.utcOffset}`);
    const called = new Date(arrived.getTime() + visit.waited * MINUTE);
    const came = visit.status === 'done';
    const finished = new Date(called.getTime() + (came ? SERVICE_MINUTES : NO_SHOW_AFTER_MINUTES) * MINUTE);
    const customerId = randomUUID();
    await database.db.query('insert into customers (id, token_hash) values ($1, $2)', [
      customerId,
      randomUUID(),
    ]);
    await database.db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 status, date, called_at, started_at, finished_at, updated_at)
       values ($1, $2, $3, 'history', $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [
        randomUUID(),
        historySalon.id,
        customerId,
        visit.service,
        `Past visitor ${index + 1}`,
        `+1310555${String(index + 100).padStart(4, '0')}`,
        visit.status,
        arrived.toISOString(),
        called.toISOString(),
        came ? called.toISOString() : null,
        finished.toISOString(),
      ],
    );
  }
} finally {
  await database.close();
}
