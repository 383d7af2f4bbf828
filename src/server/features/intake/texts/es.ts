/** Why a business takes no walk-in now, in Spanish (docs/languages.md). */
import type { IntakeWords } from './en.ts';

/** "las 9:00", but "la 1:00". */
const theTime = (time: string) => (/^1[:.]/.test(time) ? `la ${time}` : `las ${time}`);
const atTime = (time: string) => `a ${theTime(time)}`;

const intakeWords: IntakeWords = {
  notOnline: 'No recibimos clientes sin cita en línea',
  askAtDesk: 'Por favor, pregunta en recepción.',
  closed: 'Cerrado en este momento',
  noMoreToday: 'No recibimos más clientes sin cita hoy',
  noMoreUntil: (time) => `No recibimos más clientes sin cita hasta ${theTime(time)}`,
  paused: 'La lista de espera está en pausa',
  backAt: (moment) => `Volvemos ${moment}`,
  checkAgain: 'Por favor, vuelve a consultar pronto.',
  full: 'La lista de espera está llena en este momento',
  moments: {
    today: (time) => atTime(time),
    tomorrow: (time) => `mañana ${atTime(time)}`,
    thisWeek: (weekday, time) => `el ${weekday} ${atTime(time)}`,
    later: (date, time) => `el ${date} ${atTime(time)}`,
    opens: (moment) => `Abre ${moment}`,
  },
};

export default intakeWords;
