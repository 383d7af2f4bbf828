/** `npm run seed`: adds the demo business to the configured database (PostgreSQL is never seeded on its own). */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { DEMO_COMPANY_ID, seedDemoCompany } from '../seed/demo.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const created = await seedDemoCompany(database.db);
  console.log(
    created
      ? `Seeded the demo business "${DEMO_COMPANY_ID}".`
      : `The demo business "${DEMO_COMPANY_ID}" already exists.`,
  );
} finally {
  await database.close();
}
