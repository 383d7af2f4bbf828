/**
 * What a join by text answers (docs/text-messages.md, "Join by text"), in English: the reference
 * for the other languages' files. Every answer names the business, as every text does: a customer
 * may be on several lists.
 */

/** "1 Haircut, 2 Color, 3 Nails" */
export const numbered = (services: readonly string[]) =>
  services.map((service, index) => `${index + 1} ${service}`).join(', ');

const textJoinWords = {
  menu: (business: string, services: readonly string[]) =>
    `${business}: which service? Reply with a number: ${numbered(services)}. Reply STOP to opt out.`,
  notANumber: (business: string, services: readonly string[]) =>
    `${business}: please reply with a number from 1 to ${services.length}: ${numbered(services)}.`,
  askName: (business: string, service: string) => `${business}: ${service}. What is your name?`,
  /** A name the join refuses, and why: English keeps the join schema's own words. */
  badName: (business: string, problem: string) => `${business}: ${problem}. Please reply with your name.`,
  nameMissing: 'Please enter your name',
  nameTooLong: (max: number) => `Name must be at most ${max} characters`,
  /** A join refused: the words the web join answers with (closed, paused, full, too many joins). */
  refused: (business: string, reason: string) => `${business}: ${reason}`,
  alreadyWaiting: (business: string) =>
    `${business}: you're already on the wait list. Reply STATUS for your place or LEAVE to leave it.`,
  position: (business: string, position: number, range: { low: number; high: number } | null) =>
    `${business}: ${position === 1 ? "you're next in line" : `you're number ${position} in line`}${
      range === null
        ? ''
        : range.high <= 0
          ? '. Any minute now'
          : range.low === range.high
            ? `. About ${range.high} min wait`
            : `. About ${range.low}–${range.high} min wait`
    }. Reply LEAVE to leave the list.`,
  called: (business: string) => `${business}: it's your turn! Please come to the front desk.`,
  beingServed: (business: string) => `${business}: you're being served.`,
  notInLine: (business: string) => `${business}: you're not on the wait list. Reply JOIN to join it.`,
  left: (business: string) => `${business}: you left the wait list. Reply JOIN to join again.`,
  /** JOIN with a code on a business's own number that names another business. */
  otherBusiness: (business: string) =>
    `This is ${business}'s number. Reply JOIN to join ${business}'s wait list; another business has a number of its own.`,
  unknownCode: (code: string) =>
    `We could not find a business with the code "${code}". Reply JOIN and the code from the business's poster or link.`,
  whichBusiness: "To join a wait list, reply JOIN and the code from the business's poster or link.",
};

export type TextJoinWords = typeof textJoinWords;

export default textJoinWords;
