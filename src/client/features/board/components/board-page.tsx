import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BoardEntry, Provider, StaffMe } from '../../../../shared/staff-schemas.ts';
import { boardEntrySchema } from '../../../../shared/staff-schemas.ts';
import { isOpenRequest } from '../../../../shared/wait-status.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useConnectionState } from '../../../lib/realtime.ts';
import { staffRealtime, staffRequest } from '../../../lib/staff-api.ts';
import { StaffChatPanel } from '../../chat/components/staff-chat-panel.tsx';
import { kioskPath } from '../../kiosk/kiosk-path.ts';
import { OpenLobbyScreenLink } from '../../lobby-screen/components/open-lobby-screen-link.tsx';
import { useAppointments } from '../api/appointments-api.ts';
import { useAssignProvider, useEntryAction } from '../api/board-api.ts';
import type { LiveBoard } from '../api/use-live-board.ts';
import { UNDOABLE_ACTIONS, useUndoableActions } from '../api/use-undoable-actions.ts';
import { partyRuns } from '../party-runs.ts';
import { AddWalkInDialog } from './add-walk-in-dialog.tsx';
import { BoardRow } from './board-row.tsx';
import { BookAppointmentDialog } from './book-appointment-dialog.tsx';
import { ComingUpLane } from './coming-up-lane.tsx';
import { FloorStrip } from './floor-strip.tsx';
import { IntakeBar } from './intake-bar.tsx';
import { RequestList } from './request-list.tsx';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const GROUPS: { title: () => string; statuses: BoardEntry['status'][] }[] = [
  { title: () => consoleTexts.console.waiting, statuses: ['waiting'] },
  { title: () => consoleTexts.console.called, statuses: ['called'] },
  { title: () => consoleTexts.console.inService, statuses: ['in_service'] },
  { title: () => consoleTexts.console.finished, statuses: ['done', 'no_show', 'cancelled'] },
];

/**
 * What this member may do with a row, as the server allows it (docs/people.md): the owner and the
 * front desk anything; a provider acts on their own and unassigned customers, chats with their own,
 * and assigns only themself.
 */
function allowedFor(me: StaffMe) {
  const isProvider = me.role === 'provider';
  const mine = (entry: BoardEntry) => me.providerId !== null && entry.providerId === me.providerId;
  return {
    act: (entry: BoardEntry) =>
      !isProvider || (me.providerId !== null && (entry.providerId === null || mine(entry))),
    chat: (entry: BoardEntry) => !isProvider || mine(entry),
    assignable: (providers: readonly Provider[]) =>
      isProvider ? providers.filter((provider) => provider.id === me.providerId) : providers,
  };
}

/**
 * What a screen reader hears as walk-ins arrive: the count when it grows, nothing when the "New"
 * marks fade (a smaller number would read as more news) and nothing for the board as first loaded.
 */
function useArrivalAnnouncement(newCount: number): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(newCount);
  useEffect(() => {
    if (newCount > previous.current) setAnnouncement(consoleTexts.console.newArrivals(newCount));
    else if (newCount === 0) setAnnouncement('');
    previous.current = newCount;
  }, [newCount]);
  return announcement;
}

/** The console's home: every walk-in of the day, live; a provider's own customers first ("Mine"). */
export function BoardPage({ me, live }: { me: StaffMe; live: LiveBoard }) {
  const { board } = live;
  const action = useEntryAction();
  const assign = useAssignProvider();
  const [searchParams, setSearchParams] = useSearchParams();
  const chatWaitId = searchParams.get('chat');
  const now = useNow(30_000);
  const connection = useConnectionState(staffRealtime());
  const [view, setView] = useState<'mine' | 'everyone'>('mine');
  const [addingWalkIn, setAddingWalkIn] = useState(false);
  const [booking, setBooking] = useState(false);
  const appointments = useAppointments(board.data !== undefined);
  // A row acted on from within moves to another group (a new element): its focus goes with it.
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const arrivals = useArrivalAnnouncement(
    board.data?.entries.filter((entry) => live.isNew(entry.waitId)).length ?? 0,
  );
  const undoable = useUndoableActions((waitId, name, keepalive) => {
    if (!keepalive) {
      action.mutate({ waitId, action: name });
      return;
    }
    // The board is going away: sent on its own, past the page's life.
    void staffRequest(`/v1/staff/wait-entries/${encodeURIComponent(waitId)}/${name}`, boardEntrySchema, {
      method: 'POST',
      keepalive,
    }).catch(() => {});
  });

  const { waitingCount, flashTitle } = live;
  useEffect(() => {
    // A title badge: the front desk sees new walk-ins from another tab.
    const title = `${waitingCount > 0 ? `(${waitingCount}) ` : ''}${consoleTexts.console.board} · ${me.companyName}`;
    document.title = flashTitle ? `${consoleTexts.console.titleFlash} · ${title}` : title;
  }, [waitingCount, flashTitle, me.companyName]);

  if (board.isPending) return <PanelLoading />;
  if (board.isError) return <PanelLoadFailed onRetry={() => void board.refetch()} />;

  const isProvider = me.role === 'provider';
  const mineOnly = isProvider && view === 'mine';
  const allowed = allowedFor(me);

  const busyId = action.isPending
    ? action.variables?.waitId
    : assign.isPending
      ? assign.variables?.waitId
      : null;
  const entries = mineOnly
    ? board.data.entries
        .filter((entry) => entry.providerId === null || entry.providerId === me.providerId)
        // Theirs first, then the unassigned ones they may take.
        .sort((a, b) => Number(a.providerId === null) - Number(b.providerId === null))
    : board.data.entries;

  const renderRow = (entry: BoardEntry) => (
    <BoardRow
      key={entry.waitId}
      entry={entry}
      regular={board.data.regulars[entry.waitId]}
      timeZone={me.timeZone}
      businessLanguage={board.data.language}
      providers={allowed.assignable(board.data.providers)}
      canAct={allowed.act(entry)}
      canChat={allowed.chat(entry)}
      now={now}
      isNew={live.isNew(entry.waitId)}
      busy={busyId === entry.waitId}
      pendingAction={undoable.pendingAction(entry.waitId)}
      onUndo={() => undoable.undo(entry.waitId)}
      restoreFocus={focusRow === entry.waitId}
      onFocusRestored={() => setFocusRow(null)}
      onAction={(name) => {
        const hadFocus = document.activeElement?.closest(`[data-wait-id="${entry.waitId}"]`);
        const refocus = () => {
          if (hadFocus) setFocusRow(entry.waitId);
        };
        if (UNDOABLE_ACTIONS.includes(name)) {
          undoable.schedule(entry.waitId, name);
          refocus();
        } else {
          // Once answered: the row is then in its new group, or (refused) where it was.
          action.mutate({ waitId: entry.waitId, action: name }, { onSettled: refocus });
        }
      }}
      onAssign={(providerId) => assign.mutate({ waitId: entry.waitId, providerId })}
      onChat={() => setSearchParams({ chat: entry.waitId })}
    />
  );

  return (
    <div className={`console__body${chatWaitId ? ' console__body--with-chat' : ''}`}>
      <section className="board" aria-label={consoleTexts.console.board}>
        <p className="visually-hidden" role="status" aria-live="polite">
          {arrivals}
        </p>
        {connection === 'offline' ? (
          <p className="notice" role="status">
            {consoleTexts.console.offline}
          </p>
        ) : null}
        {action.isError || assign.isError ? (
          <p className="form-error" role="alert">
            {consoleTexts.console.actionFailed}
          </p>
        ) : null}
        <IntakeBar me={me} />
        <div className="board__tools">
          {me.role === 'provider' ? null : (
            <>
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => setAddingWalkIn(true)}
              >
                {consoleTexts.deskWalkIn.open}
              </button>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={!appointments.data}
                onClick={() => setBooking(true)}
              >
                {consoleTexts.appointments.open}
              </button>
              {/* The door (docs/door.md): the front desk has no Settings, so it opens them here. */}
              <a
                className="button button--small button--secondary"
                href={kioskPath.getHref(me.companyId)}
                target="_blank"
                rel="noopener"
              >
                {consoleTexts.door.openKiosk}
              </a>
              <Link className="button button--small button--secondary" to="/console/poster">
                {consoleTexts.door.printPoster}
              </Link>
              {/* The TV in the waiting area (docs/lobby-screen.md). */}
              <OpenLobbyScreenLink />
            </>
          )}
        </div>
        <FloorStrip me={me} board={board.data} />
        <AddWalkInDialog
          open={addingWalkIn}
          services={board.data.services}
          providers={board.data.providers}
          joinFields={board.data.joinFields}
          largestParty={board.data.largestParty}
          businessLanguage={board.data.language}
          onClose={() => setAddingWalkIn(false)}
        />
        {appointments.data ? (
          <BookAppointmentDialog
            open={booking}
            services={board.data.services}
            providers={board.data.providers}
            timeZone={appointments.data.timeZone}
            onClose={() => setBooking(false)}
          />
        ) : null}
        <label className="board__alerts">
          <input
            type="checkbox"
            checked={live.alertsOn}
            onChange={(event) => live.setAlerts(event.target.checked)}
          />
          {consoleTexts.console.soundOn}
        </label>
        {isProvider ? (
          <fieldset className="segmented">
            <legend className="visually-hidden">{consoleTexts.console.board}</legend>
            {(['mine', 'everyone'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={`segmented__option${view === option ? ' segmented__option--current' : ''}`}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === 'mine' ? consoleTexts.console.mine : consoleTexts.console.everyone}
              </button>
            ))}
          </fieldset>
        ) : null}
        {isProvider && me.providerId === null ? (
          <p className="notice" role="status">
            {consoleTexts.console.unlinked}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <p className="board__empty">
            {mineOnly ? consoleTexts.console.mineEmpty : consoleTexts.console.emptyBoard}
          </p>
        ) : null}
        <RequestList me={me} entries={board.data.entries} now={now} />
        <ComingUpLane me={me} now={now} />
        {GROUPS.map((group) => {
          const rows = entries.filter(
            (entry) => group.statuses.includes(entry.status) && !isOpenRequest(entry),
          );
          if (rows.length === 0) return null;
          return (
            <div key={group.statuses[0]} className="board__group">
              <h2 className="board__group-title">
                {group.title()} <span className="board__count">{rows.length}</span>
              </h2>
              <ul className="board__list">
                {partyRuns(rows, board.data.entries).map((run) =>
                  run.kind === 'one' ? (
                    renderRow(run.entry)
                  ) : (
                    <li key={`party-${run.partyId}`} className="board-party">
                      <p className="board-party__label" id={`party-${run.partyId}-${group.statuses[0]}`}>
                        {consoleTexts.partySize.partyOf(run.size)} · {run.leadName}
                      </p>
                      <ul
                        className="board__list"
                        aria-labelledby={`party-${run.partyId}-${group.statuses[0]}`}
                      >
                        {run.entries.map(renderRow)}
                      </ul>
                    </li>
                  ),
                )}
              </ul>
            </div>
          );
        })}
      </section>
      {chatWaitId ? (
        <StaffChatPanel key={chatWaitId} waitId={chatWaitId} me={me} onClose={() => setSearchParams({})} />
      ) : null}
    </div>
  );
}
