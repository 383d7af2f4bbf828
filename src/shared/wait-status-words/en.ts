/**
 * A visit's status as staff read it, in English: a board row's pill (the console's catalog) and
 * Insights' CSV (the server's) say the same word, so both take it from here.
 */
import type { WaitStatus } from '../schemas.ts';

const waitStatusWords: Record<WaitStatus, string> = {
  waiting: 'Waiting',
  called: 'Called',
  in_service: 'In service',
  done: 'Done',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

export default waitStatusWords;
