import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { topics } from '../../../../shared/realtime.ts';
import type { BoardEntry, BoardResponse, Provider, StaffMe } from '../../../../shared/schemas.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { useConnectionState, useTopic } from '../../../lib/realtime.ts';
import { texts } from '../../../lib/texts.ts';
import { StaffChatPanel } from '../../chat/components/staff-chat-panel.tsx';
import { staffRealtime } from '../../staff/api/staff-api.ts';
import {
  boardQueryKey,
  upsertBoardEntry,
  useAssignProvider,
  useBoard,
  useEntryAction,
} from '../api/board-api.ts';
import { BoardRow } from './board-row.tsx';

const NEW_FOR_MS = 8_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const GROUPS: { title: string; statuses: BoardEntry['status'][] }[] = [
  { title: texts.console.waiting, statuses: ['waiting'] },
  { title: texts.console.called, statuses: ['called'] },
  { title: texts.console.inService, statuses: ['in_service'] },
  { title: texts.console.finished, statuses: ['done', 'no_show', 'cancelled'] },
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

/** The console's home: every walk-in of the day, live; a provider's own customers first ("Mine"). */
export function BoardPage({ me }: { me: StaffMe }) {
  const board = useBoard();
  const queryClient = useQueryClient();
  const action = useEntryAction();
  const assign = useAssignProvider();
  const [searchParams, setSearchParams] = useSearchParams();
  const chatWaitId = searchParams.get('chat');
  const now = useNow(30_000);
  const connection = useConnectionState(staffRealtime());
  const arrivals = useRef(new Map<string, number>());
  const [view, setView] = useState<'mine' | 'everyone'>('mine');
  const [, setTick] = useState(0);

  useTopic(staffRealtime(), board.data ? topics.board(me.companyId) : null, board.data?.seq ?? null, {
    onEvent: (event, data) => {
      if (event !== 'entry.upserted') return;
      const entry = data as BoardEntry;
      const known = queryClient
        .getQueryData<BoardResponse>(boardQueryKey)
        ?.entries.some((e) => e.waitId === entry.waitId);
      if (!known) {
        arrivals.current.set(entry.waitId, Date.now());
        setTimeout(() => setTick((t) => t + 1), NEW_FOR_MS);
      }
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (current) => upsertBoardEntry(current, entry));
    },
    onReset: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });

  const waitingCount = board.data?.entries.filter((e) => e.status === 'waiting').length ?? 0;
  useEffect(() => {
    // A title badge: the front desk sees new walk-ins from another tab.
    document.title = `${waitingCount > 0 ? `(${waitingCount}) ` : ''}${texts.console.board} · ${me.companyName}`;
  }, [waitingCount, me.companyName]);

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

  return (
    <div className={`console__body${chatWaitId ? ' console__body--with-chat' : ''}`}>
      <section className="board" aria-label={texts.console.board}>
        {connection === 'offline' ? (
          <p className="notice" role="status">
            {texts.console.offline}
          </p>
        ) : null}
        {action.isError || assign.isError ? (
          <p className="form-error" role="alert">
            {texts.console.actionFailed}
          </p>
        ) : null}
        {isProvider ? (
          <fieldset className="segmented">
            <legend className="visually-hidden">{texts.console.board}</legend>
            {(['mine', 'everyone'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={`segmented__option${view === option ? ' segmented__option--current' : ''}`}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === 'mine' ? texts.console.mine : texts.console.everyone}
              </button>
            ))}
          </fieldset>
        ) : null}
        {isProvider && me.providerId === null ? (
          <p className="notice" role="status">
            {texts.console.unlinked}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <p className="board__empty">{mineOnly ? texts.console.mineEmpty : texts.console.emptyBoard}</p>
        ) : null}
        {GROUPS.map((group) => {
          const rows = entries.filter((entry) => group.statuses.includes(entry.status));
          if (rows.length === 0) return null;
          return (
            <div key={group.title} className="board__group">
              <h2 className="board__group-title">
                {group.title} <span className="board__count">{rows.length}</span>
              </h2>
              <ul className="board__list">
                {rows.map((entry) => (
                  <BoardRow
                    key={entry.waitId}
                    entry={entry}
                    providers={allowed.assignable(board.data.providers)}
                    canAct={allowed.act(entry)}
                    canChat={allowed.chat(entry)}
                    now={now}
                    isNew={Date.now() - (arrivals.current.get(entry.waitId) ?? 0) < NEW_FOR_MS}
                    busy={busyId === entry.waitId}
                    onAction={(name) => action.mutate({ waitId: entry.waitId, action: name })}
                    onAssign={(providerId) => assign.mutate({ waitId: entry.waitId, providerId })}
                    onChat={() => setSearchParams({ chat: entry.waitId })}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </section>
      {chatWaitId ? (
        <StaffChatPanel key={chatWaitId} waitId={chatWaitId} onClose={() => setSearchParams({})} />
      ) : null}
    </div>
  );
}
