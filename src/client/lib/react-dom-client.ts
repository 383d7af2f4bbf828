/**
 * React DOM's client, for the entries (main.tsx, landing.tsx). This module is bundled into the
 * React chunk (vite.config.ts), so React DOM starts (~8 ms on a slow machine, 4x that on a mid
 * phone) when that chunk runs, in a task of its own, not in the entry's (docs/decisions/0010).
 */
export { createRoot, hydrateRoot, type Root } from 'react-dom/client';
