import type { WaitStatus } from '../schemas.ts';

/** A visit's status as staff read it, in Spanish (see en.ts). */
const waitStatusWords: Record<WaitStatus, string> = {
  waiting: 'En espera',
  called: 'Llamado',
  in_service: 'En atención',
  done: 'Terminado',
  no_show: 'No se presentó',
  cancelled: 'Cancelado',
};

export default waitStatusWords;
