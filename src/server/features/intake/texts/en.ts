/**
 * Why a business takes no walk-in now, as its entry pages and the join's refusal say it
 * (docs/opening-hours.md), in English: the reference for the other languages' files.
 */
import { ENGLISH_MOMENT_WORDS, type MomentWords } from '../../../../shared/opening-hours.ts';

const intakeWords = {
  notOnline: 'Not taking walk-ins online',
  askAtDesk: 'Please ask at the front desk.',
  closed: 'Closed now',
  noMoreToday: 'No more walk-ins today',
  noMoreUntil: (time: string) => `No more walk-ins until ${time}`,
  paused: 'The wait list is paused',
  /** "Back at 2:00 PM", "Back tomorrow 9:00 AM": the moment as `moments` names it. */
  backAt: (moment: string) => `Back ${moment}`,
  checkAgain: 'Please check again soon.',
  full: 'The wait list is full right now',
  moments: ENGLISH_MOMENT_WORDS as MomentWords,
};

export type IntakeWords = typeof intakeWords;

export default intakeWords;
