import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForHealth } from '../support/server-process.ts';

// The lines these tests read ('stopped cleanly', 'took over the data folder') are info-level.
const startServer = (env: Record<string, string>) => startServerProcess({ LOG_LEVEL: 'info', ...env });

describe('server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-process-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo, refuses a second server on the folder, stops cleanly and keeps its rows', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    children.push(first.child);
    await waitForHealth(first);
    const { base } = first;
    expect((await (await fetch(`${base}/api/v1/companies/demo/walk-in`)).json()).name).toBe(
      'Bella Demo Salon',
    );

    const session = await (await fetch(`${base}/api/v1/customers/anonymous`, { method: 'POST' })).json();
    const joined = await fetch(`${base}/api/v1/companies/demo/wait-list`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.token}`,
        'idempotency-key': 'process-test',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ serviceType: 'Facials', name: 'Kept Row', phoneNumber: '+14155550123' }),
    });
    expect(joined.status).toBe(201);
    const { waitId } = await joined.json();

    const second = await startServer({ DATA_DIR: dataDir });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another CheckN server is already using the data folder');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const restarted = await startServer({ DATA_DIR: dataDir });
    children.push(restarted.child);
    await waitForHealth(restarted);
    const entry = await fetch(`${restarted.base}/api/v1/companies/demo/wait-list/${waitId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(entry.status).toBe(200);
    expect((await entry.json()).name).toBe('Kept Row');
    expect(restarted.output()).not.toContain('seeded demo business');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('after kill -9, a new server takes the folder over at once: its owner no longer runs', async () => {
    const killed = await startServer({ DATA_DIR: dataDir });
    children.push(killed.child);
    await waitForHealth(killed);
    killed.child.kill('SIGKILL');
    await killed.exited;

    const restarted = await startServer({ DATA_DIR: dataDir });
    children.push(restarted.child);
    await waitForHealth(restarted);
    expect(restarted.output()).toContain(
      `took over the data folder from a server that is no longer running (process ${killed.child.pid})`,
    );
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    const bad = await startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    children.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT="eighty": must be a whole number from 0 to 65535');
  });
});
