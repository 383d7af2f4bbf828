import { useId } from 'react';
import { FLOOR_STATES, type FloorState } from '../../../../shared/schedule-schemas.ts';
import type { BoardResponse, StaffMe } from '../../../../shared/staff-schemas.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSetFloorState } from '../api/board-api.ts';
import './floor-strip.css';

/**
 * Who is on the floor, live (docs/schedule.md): each provider's "On the floor / On break / Off". A
 * provider changes their own; the owner and the front desk anyone's (the server decides the same).
 */
export function FloorStrip({ me, board }: { me: StaffMe; board: BoardResponse }) {
  const setFloor = useSetFloorState();
  const titleId = useId();
  const stateOf = new Map(board.floor.map((floor) => [floor.providerId, floor.floorState]));
  if (board.providers.length === 0) return null;
  const mayChange = (providerId: string) => me.role !== 'provider' || me.providerId === providerId;
  return (
    <section className="floor-strip" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {consoleTexts.schedule.floorTitle}
      </h2>
      <ul className="floor-strip__list">
        {board.providers.map((provider) => {
          const state: FloorState = stateOf.get(provider.id) ?? 'on_floor';
          const busy = setFloor.isPending && setFloor.variables?.providerId === provider.id;
          return (
            <li
              key={provider.id}
              className={`floor-chip floor-chip--${state}`}
              data-provider-id={provider.id}
            >
              <span className="floor-chip__name">{provider.name}</span>
              {mayChange(provider.id) ? (
                <select
                  className="floor-chip__select"
                  aria-label={consoleTexts.schedule.floorStateOf(provider.name)}
                  value={state}
                  disabled={busy}
                  onChange={(event) =>
                    setFloor.mutate({ providerId: provider.id, floorState: event.target.value as FloorState })
                  }
                >
                  {FLOOR_STATES.map((option) => (
                    <option key={option} value={option}>
                      {consoleTexts.schedule.floorStates[option]}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="floor-chip__state">{consoleTexts.schedule.floorStates[state]}</span>
              )}
            </li>
          );
        })}
      </ul>
      {setFloor.isError ? (
        <p className="form-error" role="alert">
          {consoleTexts.schedule.floorFailed}
        </p>
      ) : null}
    </section>
  );
}
