/**
 * What a join by text answers, in Spanish (docs/languages.md): written without á í ó ú, so that
 * an answer stays GSM-7 (one text) unless the business's name or services need more.
 */
import { numbered, type TextJoinWords } from './en.ts';

const textJoinWords: TextJoinWords = {
  menu: (business, services) =>
    `${business}: ¿qué servicio quieres? Responde con su cifra: ${numbered(services)}. Responde PARAR para darte de baja.`,
  notANumber: (business, services) =>
    `${business}: por favor, responde con una cifra del 1 al ${services.length}: ${numbered(services)}.`,
  askName: (business, service) => `${business}: ${service}. ¿Tu nombre, por favor?`,
  badName: (business, problem) => `${business}: ${problem}. Responde con tu nombre, por favor.`,
  nameMissing: 'Escribe tu nombre',
  nameTooLong: (max) => `El nombre puede tener hasta ${max} caracteres`,
  refused: (business, reason) => `${business}: ${reason}`,
  alreadyWaiting: (business) =>
    `${business}: ya tienes lugar en la lista de espera. Responde ESTADO para ver tu lugar o SALIR para dejarla.`,
  position: (business, position, range) =>
    `${business}: ${position === 1 ? 'tu turno es el siguiente' : `tienes el lugar ${position} en la fila`}${
      range === null
        ? ''
        : range.high <= 0
          ? '. En cualquier momento'
          : range.low === range.high
            ? `. Unos ${range.high} min de espera`
            : `. Unos ${range.low} a ${range.high} min de espera`
    }. Responde SALIR para dejar la lista.`,
  called: (business) => `${business}: ¡es tu turno! Por favor, acércate al mostrador.`,
  beingServed: (business) => `${business}: ya te estamos atendiendo.`,
  notInLine: (business) =>
    `${business}: no tienes lugar en la lista de espera. Responde UNIRSE para anotarte.`,
  left: (business) => `${business}: saliste de la lista de espera. Responde UNIRSE para anotarte de nuevo.`,
  otherBusiness: (business) =>
    `Este es el teléfono de ${business}. Responde UNIRSE para anotarte en su lista de espera; cada negocio tiene su propio teléfono.`,
  unknownCode: (code) =>
    `No encontramos el negocio "${code}". Responde UNIRSE y la clave del cartel o del enlace del negocio.`,
  whichBusiness:
    'Para anotarte en una lista de espera, responde UNIRSE y la clave del cartel o del enlace del negocio.',
};

export default textJoinWords;
