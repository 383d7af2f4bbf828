/**
 * The visits CSV's words (docs/insights.md) in English: the reference for the other console
 * languages' files. The cells that are data (names, services, times) are never translated.
 */
import waitStatusWords from '../../../../shared/wait-status-words/en.ts';

const csvWords = {
  columns: {
    arrived: 'Arrived',
    called: 'Called',
    started: 'Started',
    finished: 'Finished',
    service: 'Service',
    provider: 'Provider',
    status: 'Status',
    waited: 'Waited (min)',
  },
  /** With names and phones. */
  contactColumns: { name: 'Name', phone: 'Phone', party: 'Party' },
  statuses: waitStatusWords,
  /**
   * A request to a provider not (yet) taken is 'waiting' in the database until its customer joins
   * the next available, which many never do; "Waiting" a month later would be wrong.
   */
  requests: { pending: 'Request pending', declined: 'Request declined', expired: 'Request expired' },
  /** A party member's place in it: "2 of 3" (docs/party-size.md). */
  partyPlace: (position: number, size: number) => `${position} of ${size}`,
};

export type CsvWords = typeof csvWords;

export default csvWords;
