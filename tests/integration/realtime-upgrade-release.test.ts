import type { IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../src/shared/realtime.ts';
import { RealtimeTestClient, realtimeUrl } from '../support/realtime-client.ts';
import { type StaffSession, signInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A full collection on demand, without starting the test process with --expose-gc.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * An open socket must not keep its upgrade request alive: with thousands of sockets open, the
 * request, its response, headers and logger were a fifth of each socket's memory.
 */
describe('an open realtime socket', () => {
  let t: TestApp;
  let owner: StaffSession;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = await signInStaff(t.app);
    url = await realtimeUrl(t.app);
  });
  afterAll(async () => t?.close());

  it('lets its upgrade request go and keeps working', async () => {
    // A finalizer, not a WeakRef: reading a WeakRef keeps its target alive through the next turn.
    let upgrades = 0;
    let upgradesCollected = 0;
    const collected = new FinalizationRegistry<void>(() => {
      upgradesCollected += 1;
    });
    const recordUpgrade = (request: IncomingMessage) => {
      upgrades += 1;
      collected.register(request);
    };
    t.app.server.on('upgrade', recordUpgrade);
    const socket = await RealtimeTestClient.connect(url, { cookie: owner.cookie });
    t.app.server.off('upgrade', recordUpgrade);
    try {
      expect(upgrades).toBe(1);
      // Finalizers run on a later turn than the collection that found their object.
      for (let pass = 0; pass < 5 && upgradesCollected === 0; pass += 1) {
        collectGarbage();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(upgradesCollected).toBe(1);
      expect(socket.isOpen).toBe(true);
      expect(await socket.subscribe(topics.board('demo'), null)).toMatchObject({ type: 'subscribed' });
    } finally {
      await socket.close();
    }
  });
});
