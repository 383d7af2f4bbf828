/**
 * `npm start`: build when the sources changed (build-if-stale.mjs), then run the server in this
 * same process. `a && node dist/server/main.js` started Node twice, about 50 ms of the time to
 * ready (docs/decisions/0007).
 */
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const status = buildIfStale(fileURLToPath(new URL('..', import.meta.url)));
if (status === 0) await import('../dist/server/main.js');
else process.exitCode = status;
