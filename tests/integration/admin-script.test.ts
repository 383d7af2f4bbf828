import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { verifyPassword } from '../../src/server/features/staff/password.ts';
import { createStaffRepository } from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { runAdmin } from '../support/admin-process.ts';

describe('npm run admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on a folder a server holds, says so in one line and fails', async () => {
    const lock = await lockDataDir(dataDir);
    try {
      const result = await runAdmin(['create-company', '--id', 'bella', '--name', 'Bella'], {
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringContaining('Another CheckN server is already using the data folder'),
      ]);
    } finally {
      await lock.release();
    }
  });

  it('with a bad setting, names it in one line and fails', async () => {
    const result = await runAdmin(['create-company', '--id', 'bella', '--name', 'Bella'], {
      DATA_DIR: dataDir,
      PORT: 'not-a-port',
      LOG_LEVEL: 'loud',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: /);
    expect(lines[0]).toContain('PORT="not-a-port"');
    expect(lines[0]).toContain('LOG_LEVEL="loud"');
  });

  it('resets the password of an email with one account, and asks which business when it has several', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'checkn-admin-reset-'));
    try {
      const env = { DATA_DIR: folder };
      const run = (args: string[]) => runAdmin(args, env);
      // The businesses and accounts go in directly: each run of the script opens the database anew.
      const setUp = await openDatabase(loadConfig(env));
      try {
        const companies = createCompanyRepository(setUp.db);
        const staff = createStaffService(createStaffRepository(setUp.db));
        for (const id of ['bella', 'rosa'])
          await companies.insertCompany({ id, accountId: randomUUID(), name: id, location: '' });
        for (const [companyId, email] of [
          ['bella', 'ann@two.test'],
          ['rosa', 'ann@two.test'],
          ['bella', 'solo@bella.test'],
        ] as const)
          await staff.createStaffUser({
            companyId,
            email,
            name: email,
            password: `${email.startsWith('solo') ? 'solo' : companyId}-first-password`,
            role: 'owner',
          });
      } finally {
        await setUp.close();
      }

      const ambiguous = await run([
        'reset-password',
        '--email',
        'ann@two.test',
        '--password',
        'never-this-one',
      ]);
      expect(ambiguous.code).toBe(1);
      expect(ambiguous.lines).toEqual([
        '"ann@two.test" has accounts at several businesses (bella, rosa): add --company <id>',
      ]);
      const chosen = await run([
        'reset-password',
        '--email',
        'ann@two.test',
        '--company',
        'rosa',
        '--password',
        'rosa-second-password',
      ]);
      expect(chosen.code).toBe(0);
      expect(chosen.lines).toEqual([
        'New password set for ann@two.test at "rosa"; their sessions have ended.',
      ]);
      const unique = await run([
        'reset-password',
        '--email',
        'solo@bella.test',
        '--password',
        'solo-second-password',
      ]);
      expect(unique.code).toBe(0);
      const database = await openDatabase(loadConfig({ DATA_DIR: folder }));
      try {
        const { rows } = await database.db.query<{
          company_id: string;
          email: string;
          password_hash: string;
        }>('select company_id, email, password_hash from staff_users order by email, company_id');
        const passwords = await Promise.all(
          rows.map(async (row) => {
            for (const password of [
              `${row.company_id}-first-password`,
              'rosa-second-password',
              'solo-first-password',
              'solo-second-password',
              'never-this-one',
            ])
              if (await verifyPassword(password, row.password_hash))
                return [`${row.email} at ${row.company_id}`, password];
            return [`${row.email} at ${row.company_id}`, null];
          }),
        );
        expect(Object.fromEntries(passwords)).toEqual({
          'ann@two.test at bella': 'bella-first-password',
          'ann@two.test at rosa': 'rosa-second-password',
          'solo@bella.test at bella': 'solo-second-password',
        });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // Three runs of the script, each opening PGlite and hashing: a hang guard, not a speed limit.
  }, 180_000);
});
