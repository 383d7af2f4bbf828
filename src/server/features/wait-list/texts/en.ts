/**
 * What a customer's phone says (Web Push) when staff move their entry along, in English: the
 * reference the other languages' files follow (docs/languages.md).
 */
import type { WaitStatus } from '../../../../shared/schemas.ts';

export interface StatusNotificationWords {
  statusNotifications: Record<WaitStatus, string>;
}

const words: StatusNotificationWords = {
  statusNotifications: {
    waiting: 'You are back in line.',
    called: "It's your turn! Please come to the front desk.",
    in_service: "You're being served.",
    done: 'All done. Thank you for visiting!',
    no_show: 'We called you but could not find you. Join again if you are still here.',
    cancelled: 'You were taken off the wait list.',
  },
};

export default words;
