import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process.ts';

/** Runs the real entry point (src/server/main.ts) as its own process, as `npm start` does. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, exited: Promise<unknown>): Promise<void> {
  let stopped = false;
  void exited.then(() => {
    stopped = true;
  });
  for (;;) {
    if (stopped) throw new Error('server exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkn-process-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo, refuses a second server on the folder, stops cleanly and keeps its rows', async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(first.child);
    await waitForHealth(port, first.exited);
    const base = `http://127.0.0.1:${port}`;
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

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another CheckN server is already using the data folder');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const restartPort = await freePort();
    const restarted = startServer({ DATA_DIR: dataDir, PORT: String(restartPort) });
    children.push(restarted.child);
    await waitForHealth(restartPort, restarted.exited);
    const entry = await fetch(`http://127.0.0.1:${restartPort}/api/v1/companies/demo/wait-list/${waitId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(entry.status).toBe(200);
    expect((await entry.json()).name).toBe('Kept Row');
    expect(restarted.output()).not.toContain('seeded demo business');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('after kill -9, a new server takes the folder over at once: its owner no longer runs', async () => {
    const port = await freePort();
    const killed = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(killed.child);
    await waitForHealth(port, killed.exited);
    killed.child.kill('SIGKILL');
    await killed.exited;

    const restartPort = await freePort();
    const restarted = startServer({ DATA_DIR: dataDir, PORT: String(restartPort) });
    children.push(restarted.child);
    await waitForHealth(restartPort, restarted.exited);
    expect(restarted.output()).toContain(
      `took over the data folder from a server that is no longer running (process ${killed.child.pid})`,
    );
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    children.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT="eighty": must be a whole number from 0 to 65535');
  });
});
