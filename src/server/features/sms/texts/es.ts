/** What CheckN texts, in Spanish (docs/languages.md). */
import type { SmsWords } from './en.ts';

const smsWords: SmsWords = {
  join: '{business}: te anotamos en la lista para {service}. Responde para escribirnos. Responde PARAR para darte de baja.',
  called: '{business}: ¡es tu turno, {name}! Por favor, acércate al mostrador.',
  serviceRequest:
    '{business}: enviamos tu solicitud a {provider}. Responde para escribirnos. Responde PARAR para darte de baja.',
  requestEnded:
    '{business}: {provider} no puede atenderte ahora. Conserva tu lugar con el siguiente profesional libre: {link}',
  runningBehind:
    '{business}: vamos con unos {minutes} minutos de retraso. Conservas tu lugar en la fila. ¡Gracias por tu paciencia!',
  nearTurnNext: '{business}: ¡tu turno es el siguiente! Por favor, regresa ya para no perderlo.',
  nearTurnAhead: '{business}: ya casi es tu turno, {ahead} antes de ti. Por favor, regresa ahora.',
  nearTurnMinutes: '{business}: faltan unos {minutes} min para tu turno. Por favor, regresa ahora.',
  feedback: '{business}: ¡gracias por venir! ¿Qué tal lo hicimos? Califica tu visita: {link}',
  replies: {
    stop: 'Dejaremos de enviarte mensajes de las listas de espera de CheckN. Responde COMENZAR para volver a recibirlos.',
    start: (business: string) => `${business}: reactivamos los mensajes. Responde PARAR para darte de baja.`,
    help: (business: string) =>
      `${business}: lista de espera. Responde a este mensaje para escribirnos. Responde PARAR para darte de baja.`,
  },
};

export default smsWords;
