import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';

/** Runs `npm run admin -- …` as its own process and collects what it prints. */
function runAdmin(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/scripts/admin.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

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
});
