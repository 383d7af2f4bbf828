/** The API's messages a customer may read, in Spanish (docs/languages.md). */
import type { ErrorWords } from './en.ts';

const errorWords: ErrorWords = {
  codes: {
    VALIDATION_FAILED: 'Parte de la información no es válida.',
    BAD_REQUEST: 'No pudimos entender la solicitud.',
    UNAUTHENTICATED: 'Vuelve a cargar la página para entrar de nuevo.',
    COMPANY_NOT_FOUND: 'No encontramos ese negocio. Revisa el enlace o el código.',
    SERVICE_NOT_OFFERED: 'Ese servicio no se ofrece aquí. Por favor, elige otro.',
    WAIT_ENTRY_NOT_FOUND: 'No encontramos ese lugar en la fila.',
    CSRF_FAILED: 'Vuelve a cargar la página e inténtalo de nuevo.',
    STATUS_CHANGE_NOT_ALLOWED: 'Ese paso ya no es posible.',
    NO_LONGER_WAITING:
      'Ya no estás esperando en la fila, así que no hace falta. Por favor, pasa por recepción.',
    NEAR_TURN_ALREADY_TOLD: 'Ya te avisamos de que tu turno está cerca. Por favor, regresa a recepción.',
    MORE_TIME_USED: 'Ya usaste tu tiempo extra. Por favor, pasa por recepción cuando puedas.',
    PROVIDER_NOT_FOUND: 'Ese profesional no trabaja aquí.',
    PROVIDER_UNKNOWN: 'Ese profesional no trabaja en este negocio. Pídele un enlace nuevo.',
    CHAT_NOT_FOUND: 'No encontramos esa conversación.',
    SCREEN_LINK_INVALID:
      'El enlace de esta pantalla no es válido: puede que lo hayan cambiado. Vuelve a abrir la pantalla de la sala desde la consola.',
    FEEDBACK_LINK_NOT_FOUND:
      'No encontramos este enlace para calificar. Ábrelo de nuevo desde el mensaje de texto.',
    FEEDBACK_LINK_EXPIRED:
      'Este enlace para calificar ya venció: funciona 7 días después de la visita. ¡Gracias por venir!',
    ROUTE_NOT_FOUND: 'No se encontró.',
    PAYLOAD_TOO_LARGE: 'Esa solicitud es demasiado grande.',
    PHONE_JOIN_LIMITED:
      'Este número de teléfono se anotó en esta lista demasiadas veces en la última hora. Por favor, pregunta en recepción.',
    WALK_INS_CLOSED: 'No recibimos clientes sin cita en este momento.',
    WALK_INS_PAUSED: 'La lista de espera está en pausa.',
    NOT_TAKING_WALK_INS_ONLINE:
      'No recibimos clientes sin cita en línea en este momento. Por favor, pregunta en recepción.',
    WAIT_LIST_FULL: 'La lista de espera está llena en este momento. Por favor, vuelve a consultar pronto.',
    RATE_LIMITED: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    INTERNAL: 'Algo salió mal de nuestro lado. Por favor, inténtalo de nuevo.',
    UNAVAILABLE: 'El servicio no está disponible por un momento. Inténtalo de nuevo en un momento.',
  },
  invalidPhone: 'Ese no es un número de teléfono válido de EE. UU. Por favor, revísalo.',
};

export default errorWords;
