import type { FeedProblemWords } from './en.ts';

/** Why a calendar feed could not be read, in Spanish (tú, as the console: docs/languages.md). */
const feedProblemWords: FeedProblemWords = {
  notHttps: 'Este enlace de calendario debe empezar por https://',
  privateAddress: 'Este enlace de calendario apunta a una dirección de red privada.',
  unknownHost: 'No encontramos el servidor de este enlace de calendario. Revisa el enlace.',
  unreachable: 'No pudimos conectar con el calendario. Revisa el enlace o inténtalo más tarde.',
  tooManyRedirects: 'Este enlace de calendario redirige demasiadas veces.',
  timedOut: (seconds) =>
    `El calendario no respondió en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
  tooLarge: (size) => `El archivo del calendario pesa más de ${size}.`,
  httpStatus: (status) =>
    `El enlace de calendario respondió con un error (HTTP ${status}). Revisa el enlace.`,
  notACalendar: 'Este enlace no devolvió un archivo de calendario (ICS).',
  tooComplex:
    'Este calendario es demasiado grande para leerlo. Prueba con el enlace de un calendario más pequeño.',
  unreadable: 'No pudimos leer este calendario. Inténtalo de nuevo más tarde.',
};

export default feedProblemWords;
