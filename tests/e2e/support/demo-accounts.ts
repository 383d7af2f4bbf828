/** The demo's seeded accounts (src/server/seed/demo.ts). */
export const DEMO_ACCOUNTS = {
  owner: { email: 'owner@demo.test', password: 'demo-owner' },
  frontDesk: { email: 'desk@demo.test', password: 'demo-front-desk' },
  provider: { email: 'maria@demo.test', password: 'demo-provider' },
} as const;
