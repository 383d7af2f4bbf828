import { useState } from 'react';
import type { WaitEntryResponse } from '../../../shared/schemas.ts';
import { customerTexts } from '../../lib/customer-texts.ts';

type CameIn = WaitEntryResponse['cameInAhead'][number];

/** One line from who came in ahead: "An appointment for 2:30 PM checked in and 1 person asked for Maria before you". */
export function placeChangeReason(cameIn: readonly CameIn[]): string | null {
  const appointments = cameIn.flatMap((came) => (came.kind === 'appointment' ? [came.bookedFor] : []));
  const requests = cameIn.flatMap((came) => (came.kind === 'request' ? [came.providerName] : []));
  const rejoined = cameIn.filter((came) => came.kind === 'rejoined').length;
  const providers = [...new Set(requests.filter((name): name is string => name !== null))];
  const clauses = [
    // Earliest booking first, as a clock reads.
    appointments.length > 0 ? customerTexts.live.cameIn.appointments([...appointments].reverse()) : null,
    requests.length > 0 ? customerTexts.live.cameIn.requests(requests.length, providers) : null,
    rejoined > 0 ? customerTexts.live.cameIn.rejoined(rejoined) : null,
  ].filter((clause): clause is string => clause !== null);
  if (clauses.length === 0) return null;
  const [first, ...rest] = clauses;
  return [first!, ...rest.map(lowerFirst)].reduce((line, clause, index, all) =>
    index === 0 ? line : `${line}${index === all.length - 1 ? ' and ' : ', '}${clause}`,
  );
}

function lowerFirst(clause: string): string {
  // "An appointment…", "Someone…" read mid-line in lower case; "2 people…" stays.
  return clause.charAt(0).toLowerCase() + clause.slice(1);
}

/**
 * What the page says of the customer's place after a new read (`current`), given the read before
 * (`previous`) and what it said then (`shown`): why it went up, naming who came in ahead since the
 * read before; nothing once it goes down again or they stop waiting; else what it said. A rise with
 * nothing new ahead (none is known today) says nothing rather than guess.
 */
export function nextPlaceChange(
  previous: WaitEntryResponse | undefined,
  current: WaitEntryResponse | undefined,
  shown: string | null,
): string | null {
  if (current?.status !== 'waiting' || current.position === null) return null;
  if (previous?.status !== 'waiting' || previous.position === null) return null;
  if (current.position < previous.position) return null;
  if (current.position === previous.position) return shown;
  const known = new Set(previous.cameInAhead.map((came) => `${came.kind} ${came.at}`));
  const newcomers = current.cameInAhead.filter((came) => !known.has(`${came.kind} ${came.at}`));
  return placeChangeReason(newcomers);
}

/** The page's line on why the customer's place went up, kept across reads (nextPlaceChange). */
export function usePlaceChange(current: WaitEntryResponse | undefined): string | null {
  const [state, setState] = useState<{ seen: WaitEntryResponse | undefined; shown: string | null }>({
    seen: current,
    shown: null,
  });
  // Adjusted while rendering the new read, so the place and its reason show together.
  if (state.seen !== current) {
    const next = { seen: current, shown: nextPlaceChange(state.seen, current, state.shown) };
    setState(next);
    return next.shown;
  }
  return state.shown;
}
