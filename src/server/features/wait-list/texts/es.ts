/** Web Push when staff move an entry along, in Spanish (tú, as the texts: docs/languages.md). */
import type { StatusNotificationWords } from './en.ts';

const words: StatusNotificationWords = {
  statusNotifications: {
    waiting: 'Volviste a la fila.',
    called: '¡Es tu turno! Por favor, pasa a recepción.',
    in_service: 'Te están atendiendo.',
    done: 'Listo. ¡Gracias por tu visita!',
    no_show: 'Te llamamos, pero no te encontramos. Si sigues aquí, vuelve a anotarte en la lista.',
    cancelled: 'Te quitaron de la lista de espera.',
  },
};

export default words;
