import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from './console.ts';

export interface DemoProvider {
  id: string;
  name: string;
  speciality: string;
}

/** The demo's first provider (Maria Lopez), read the way the console does. */
export async function firstDemoProvider(request: APIRequestContext): Promise<DemoProvider> {
  await request.post('/api/v1/staff/sign-in', { data: DEMO_ACCOUNTS.owner });
  const board = await (await request.get('/api/v1/staff/board')).json();
  return board.providers[0] as DemoProvider;
}
