import waitStatusWords from '../../../../shared/wait-status-words/es.ts';
import type { CsvWords } from './en.ts';

/** The visits CSV's words in Spanish (the console's: docs/languages.md). */
const csvWords: CsvWords = {
  columns: {
    arrived: 'Llegada',
    called: 'Llamado',
    started: 'Inicio',
    finished: 'Fin',
    service: 'Servicio',
    provider: 'Profesional',
    status: 'Estado',
    waited: 'Espera (min)',
  },
  contactColumns: { name: 'Nombre', phone: 'Teléfono', party: 'Grupo' },
  statuses: waitStatusWords,
  requests: { pending: 'Solicitud pendiente', declined: 'Solicitud rechazada', expired: 'Solicitud vencida' },
  partyPlace: (position, size) => `${position} de ${size}`,
};

export default csvWords;
