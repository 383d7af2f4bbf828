/**
 * `npm run admin -- <command> [options]` on whichever database the environment names
 * (DATABASE_URL, or the embedded one in DATA_DIR while no server holds it).
 *
 *   create-company --id bella --name "Bella Salon" [--location "12 Main St|Austin|TX|78701"]
 *                  [--time-zone America/Chicago]   (default America/New_York; Settings can change it)
 *   create-owner   --company bella --email owner@bella.test [--name "Ann"] [--password …]
 *   reset-password --email ann@bella.test [--company bella] [--password …]
 *                  (recovery: every session of theirs ends; --company when the email has accounts
 *                  at several businesses, decisions/0011)
 *
 *   list-companies                     one line per business: staff, last activity, suspended
 *   suspend-company --company bella    no walk-ins online, no staff sign-in, sessions refused;
 *                                      nothing deleted (docs/operations.md)
 *   resume-company  --company bella    undoes suspend-company
 *   delete-company  --company bella --confirm bella
 *                                      erases the business and every row of it, in one transaction;
 *                                      backups taken before still hold it (docs/backups.md)
 *
 *   backup         [--dir D]   (default BACKUP_DIR) a verified logical backup (docs/backups.md)
 *   restore        --from FILE (into an empty database: a new DATA_DIR, or an empty PostgreSQL one)
 *
 * Without --password a strong one is generated and printed once. The rest of the team is added
 * by an owner from the console's People page (docs/people.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { companyIdSchema } from '../../shared/schemas.ts';
import { STAFF_PASSWORD_MIN_LENGTH, timeZoneSchema } from '../../shared/staff-schemas.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreBackup, takeBackup } from '../db/backup.ts';
import { scratchDatabaseFor } from '../db/backup-scratch.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { NewerSchemaError } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { createCompanyRepository } from '../features/company/company.repository.ts';
import {
  type CompanyListRow,
  createCompanyAdminRepository,
} from '../features/company/company-admin.repository.ts';
import { createPeopleRepository } from '../features/people/people.repository.ts';
import { hashPassword } from '../features/staff/password.ts';
import { createStaffRepository } from '../features/staff/staff.repository.ts';
import { createStaffService } from '../features/staff/staff.service.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    name: { type: 'string' },
    location: { type: 'string' },
    'time-zone': { type: 'string' },
    company: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    dir: { type: 'string' },
    from: { type: 'string' },
    confirm: { type: 'string' },
  },
});

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

/** The one given, if long enough, or a strong one made here (printed once). */
function newPassword(given: string | undefined): string {
  const password = given ?? randomBytes(12).toString('base64url');
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    fail(`--password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  return password;
}

const command = positionals[0];
const commands = [
  'create-company',
  'create-owner',
  'reset-password',
  'list-companies',
  'suspend-company',
  'resume-company',
  'delete-company',
  'backup',
  'restore',
];
if (!command || !commands.includes(command)) {
  console.error(`Usage: npm run admin -- ${commands.join('|')} [options] (see src/server/scripts/admin.ts)`);
  process.exit(1);
}

if (command === 'restore' && !values.from) {
  console.error('restore needs --from FILE (a backup made by `npm run admin -- backup`)');
  process.exit(1);
}
const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(oneLine);
// A backup reads the data as it is; a restore needs the database empty, so neither migrates.
const database = await openDatabase(config, { migrate: !['backup', 'restore'].includes(command) }).catch(
  oneLine,
);

// A running server on the folder, a bad setting or data from a newer CheckN is the operator's to
// fix: say so in one line, no stack trace (loadConfig lists each bad variable on a line of its
// own; here they are joined).
function oneLine(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof NewerSchemaError
  ) {
    const [first = '', ...rest] = error.message.split('\n').map((line) => line.trim());
    console.error([first, rest.join('; ')].filter(Boolean).join(' '));
    process.exit(1);
  }
  throw error;
}

try {
  const companies = createCompanyRepository(database.db);
  if (command === 'backup') {
    const taken = await takeBackup({
      db: database.db,
      dir: values.dir ?? config.backups.dir,
      keep: config.backups.keep,
      openScratch: scratchDatabaseFor(config.databaseUrl),
    });
    console.log(`Backed up and verified: ${taken!.file}`);
    console.log(`Schema ${taken!.header.schemaVersion}; ${rowCounts(taken!.header.tables)}`);
  } else if (command === 'restore') {
    const restored = await restoreBackup(database.db, values.from!);
    console.log(
      `Restored ${values.from} (schema ${restored.header.schemaVersion}, taken ${restored.header.createdAt}); ${rowCounts(restored.tables)}`,
    );
  } else if (command === 'list-companies') {
    console.log(companyTable(await createCompanyAdminRepository(database.db).listCompanies()));
  } else if (command === 'suspend-company' || command === 'resume-company') {
    const companyId = values.company ?? fail(`${command} needs --company <id>`);
    const admin = createCompanyAdminRepository(database.db);
    const suspending = command === 'suspend-company';
    const change = await (suspending ? admin.suspend(companyId) : admin.resume(companyId));
    if (!change) fail(`No business with id "${companyId}"`);
    if (suspending)
      console.log(
        change.changed
          ? `Suspended "${companyId}": its pages take no walk-ins online, its staff cannot sign in, and its ${change.staffSessions} staff session(s) are refused. Nothing was deleted; resume-company undoes it.`
          : `"${companyId}" was already suspended; nothing changed.`,
      );
    else
      console.log(
        change.changed
          ? `Resumed "${companyId}": its pages take walk-ins again and its staff can sign in.`
          : `"${companyId}" was not suspended; nothing changed.`,
      );
  } else if (command === 'delete-company') {
    const companyId = values.company ?? fail('delete-company needs --company <id> --confirm <id>');
    // Typed twice on purpose: nothing brings the business back but a restore of the whole install.
    if (values.confirm !== companyId)
      fail(`delete-company erases "${companyId}" for good: repeat its id as --confirm ${companyId}`);
    const erased = await createCompanyAdminRepository(database.db).eraseCompany(companyId);
    if (!erased) fail(`No business with id "${companyId}"`);
    const total = erased.rows.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Erased "${companyId}": ${total} rows (${erased.rows.map((t) => `${t.table} ${t.rows}`).join(', ')}).`,
    );
    console.log(
      'Backups taken before still hold its data until they are rotated out or deleted (docs/backups.md).',
    );
  } else if (command === 'create-company') {
    if (!values.id || !companyIdSchema.safeParse(values.id).success)
      fail('--id must be letters, digits, "-" or "_"');
    if (!values.name) fail('--name is required');
    const zone =
      values['time-zone'] === undefined ? undefined : timeZoneSchema.safeParse(values['time-zone']);
    if (zone && (!zone.success || !(await companies.databaseKnowsTimeZone(zone.data))))
      fail('--time-zone must be an IANA time zone such as America/Chicago');
    const timeZone = zone?.data;
    await companies.insertCompany({
      id: values.id,
      accountId: randomUUID(),
      name: values.name,
      location: values.location ?? '',
      ...(timeZone ? { timeZone } : {}),
    });
    console.log(`Created business "${values.id}".`);
  } else if (command === 'reset-password') {
    const staff = createStaffRepository(database.db);
    const accounts = values.email ? await staff.listByEmail(values.email, values.company) : [];
    const [user] = accounts;
    if (!user)
      fail(
        `No account with email "${values.email ?? ''}"${values.company ? ` at business "${values.company}"` : ''}`,
      );
    // One person may work at several businesses, each account with its own password.
    if (accounts.length > 1)
      fail(
        `"${user.email}" has accounts at several businesses (${accounts.map((account) => account.companyId).join(', ')}): add --company <id>`,
      );
    const password = newPassword(values.password);
    // No session is kept: whoever had the old password is signed out everywhere.
    await createPeopleRepository(database.db).changePassword({
      staffUserId: user.id,
      newHash: await hashPassword(password),
      keepSessionHash: '',
    });
    console.log(`New password set for ${user.email} at "${user.companyId}"; their sessions have ended.`);
    if (!values.password) console.log(`Password (shown once): ${password}`);
  } else {
    if (!values.company || !(await companies.findById(values.company)))
      fail(`No business with id "${values.company ?? ''}"`);
    if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) fail('--email must be an email address');
    const password = newPassword(values.password);
    const staff = createStaffService(createStaffRepository(database.db));
    await staff.createStaffUser({
      companyId: values.company,
      email: values.email,
      name: values.name ?? values.email.split('@')[0]!,
      password,
      role: 'owner',
    });
    console.log(`Created owner ${values.email} for "${values.company}".`);
    if (!values.password) console.log(`Password (shown once): ${password}`);
  }
} catch (error) {
  console.error(
    error instanceof UsageError || error instanceof BackupError
      ? error.message
      : `Could not do that: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}

/** Aligned columns for a terminal; times in UTC to the minute. */
function companyTable(companies: CompanyListRow[]): string {
  if (companies.length === 0) return 'No businesses yet (create-company adds one).';
  const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const rows = [
    ['ID', 'NAME', 'STAFF', 'LAST ACTIVITY', 'SUSPENDED'],
    ...companies.map((company) => [
      company.id,
      company.name,
      String(company.staffCount),
      company.lastActivityAt ? minute(new Date(company.lastActivityAt)) : 'never',
      company.suspendedAt ? `since ${minute(new Date(company.suspendedAt))}` : 'no',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function rowCounts(tables: { name: string; rows: number }[]): string {
  const total = tables.reduce((sum, table) => sum + table.rows, 0);
  const filled = tables.filter((table) => table.rows > 0);
  return `${total} rows in ${tables.length} tables (${filled.map((table) => `${table.name} ${table.rows}`).join(', ')})`;
}
