import { useEffect, useRef, useState } from 'react';
import { LANGUAGE_NAMES, type Language } from '../../../../shared/languages.ts';
import { formatPhoneForDisplay } from '../../../../shared/phone.ts';
import type { Regular } from '../../../../shared/regular-schemas.ts';
import type { BoardEntry, Provider } from '../../../../shared/staff-schemas.ts';
import { actionsFor, awayOrHere, STAFF_ACTIONS, type StaffAction } from '../../../../shared/wait-status.ts';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { RegularDetails } from './regular-details.tsx';

interface BoardRowProps {
  entry: BoardEntry;
  /** The row's customer as a regular (docs/regulars.md); none for a row without a number. */
  regular: Regular | undefined;
  /** The business's time zone: a last visit's date is on its clock. */
  timeZone: string;
  /** The business's language: a customer who joined in another has it named on their row. */
  businessLanguage: Language;
  providers: readonly Provider[];
  now: number;
  isNew: boolean;
  busy: boolean;
  /** False for another provider's customer, seen by a provider: shown, not acted on. */
  canAct: boolean;
  canChat: boolean;
  /** A Remove or No-show waiting out its Undo (use-undoable-actions.ts). */
  pendingAction: StaffAction | null;
  onUndo: () => void;
  onAction: (action: StaffAction) => void;
  onAssign: (providerId: string | null) => void;
  onChat: () => void;
  /** The focus was in this row when it was acted on: take it back once the row has settled. */
  restoreFocus: boolean;
  onFocusRestored: () => void;
}

/** The row's next step if it has one, else its chat, else any control, else the row itself. */
function focusTarget(row: HTMLElement): HTMLElement {
  return (
    row.querySelector<HTMLElement>('.board-row__main:enabled') ??
    row.querySelector<HTMLElement>('.icon-button:enabled') ??
    row.querySelector<HTMLElement>('button:enabled, select:enabled, summary') ??
    row
  );
}

/** One walk-in: who, what, how long, and the next step as the biggest button. */
export function BoardRow({
  entry,
  regular,
  timeZone,
  businessLanguage,
  providers,
  now,
  isNew,
  busy,
  canAct,
  canChat,
  pendingAction,
  onUndo,
  onAction,
  onAssign,
  onChat,
  restoreFocus,
  onFocusRestored,
}: BoardRowProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  const [editingNote, setEditingNote] = useState(false);
  // A note is kept for a number (docs/regulars.md); a provider writes where they may act.
  const mayAddNote = canAct && entry.phoneNumber !== null && regular !== undefined && regular.note === null;
  // Not while busy: its buttons are disabled until the step is answered, and cannot hold focus.
  useEffect(() => {
    if (!restoreFocus || busy || !rowRef.current) return;
    focusTarget(rowRef.current).focus();
    onFocusRestored();
  }, [restoreFocus, busy, onFocusRestored]);

  const [main, ...others] = canAct ? actionsFor(entry.status) : [];
  if (pendingAction)
    return (
      <li ref={rowRef} tabIndex={-1} className="board-row board-row--pending" data-wait-id={entry.waitId}>
        <p className="board-row__undo-text" role="status">
          {consoleTexts.console.pendingAction(entry.name, STAFF_ACTIONS[pendingAction].to === 'no_show')}
        </p>
        <button type="button" className="button button--small button--secondary" onClick={onUndo}>
          {consoleTexts.console.undo}
        </button>
      </li>
    );
  // The board's clock ticks every 30 s; a row just changed ("I need more time") reads the time now,
  // or it would say "Back in 11 min" of a 10-minute hold.
  const away = awayOrHere(entry, Math.max(now, Date.now()));
  const end = entry.finishedAt ?? entry.startedAt ?? null;
  const waitedMinutes = Math.floor(((end ? Date.parse(end) : now) - Date.parse(entry.date)) / 60_000);
  return (
    <li
      ref={rowRef}
      tabIndex={-1}
      className={`board-row board-row--${entry.status}${isNew ? ' board-row--new' : ''}`}
      data-wait-id={entry.waitId}
    >
      <div className="board-row__who">
        <p className="board-row__name">
          {entry.name || <span className="board-row__erased">{consoleTexts.privacy.erasedName}</span>}
          {entry.party ? (
            // Its place in its party (docs/party-size.md); the party's rows are gathered under a label.
            <span className="badge badge--party">
              {consoleTexts.partySize.member(entry.party.position, entry.party.size)}
            </span>
          ) : null}
          {isNew ? <span className="badge badge--new">{consoleTexts.console.newArrival}</span> : null}
          {entry.unread > 0 ? (
            <span className="badge badge--unread">{consoleTexts.console.unread(entry.unread)}</span>
          ) : null}
        </p>
        <p className="board-row__meta">
          {entry.serviceType} ·{' '}
          {entry.phoneNumber === null
            ? consoleTexts.deskWalkIn.noPhone
            : formatPhoneForDisplay(entry.phoneNumber)}
          {entry.language && entry.language !== businessLanguage ? (
            // Their texts go in it, and the desk may greet them in it (docs/languages.md).
            <>
              {' · '}
              <span lang={entry.language}>{LANGUAGE_NAMES[entry.language]}</span>
            </>
          ) : null}
        </p>
        {entry.joinAnswers?.length ? (
          // The business's own questions as this customer answered them (docs/join-fields.md).
          <p className="board-row__meta board-row__answers">
            {entry.joinAnswers.map((answer) => (
              <span key={answer.id} className="board-row__answer">
                {answer.label}: {answer.value}
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <p className="board-row__wait">
        <span className={`status-pill status-pill--${entry.status}`}>
          {consoleTexts.console.statuses[entry.status]}
        </span>
        <span className="board-row__waited">
          {consoleTexts.console.waitedFor(Math.max(0, waitedMinutes))}
        </span>
        {away ? (
          <span className={`badge badge--away badge--${away.kind}`}>
            {away.kind === 'in_lobby'
              ? consoleTexts.console.inLobby
              : away.kind === 'back_in'
                ? consoleTexts.console.backIn(away.minutes)
                : consoleTexts.console.movedBack}
          </span>
        ) : null}
      </p>
      <div className="board-row__actions">
        {canAct ? (
          <label className="visually-hidden" htmlFor={`provider-${entry.waitId}`}>
            {consoleTexts.console.provider}
          </label>
        ) : null}
        {canAct ? (
          <select
            id={`provider-${entry.waitId}`}
            className="select"
            value={entry.providerId ?? ''}
            disabled={busy}
            onChange={(event) => onAssign(event.target.value || null)}
          >
            <option value="">{consoleTexts.console.anyProvider}</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        ) : (
          <span className="board-row__owner">
            {consoleTexts.console.notYours(entry.providerName ?? consoleTexts.console.anyProvider)}
          </span>
        )}
        {canChat ? (
          <button
            type="button"
            className="icon-button icon-button--outlined"
            aria-label={`${consoleTexts.console.chat} ${entry.name}`}
            onClick={onChat}
          >
            <ChatIcon />
          </button>
        ) : null}
        {others.length > 0 || mayAddNote ? (
          <Menu label={consoleTexts.console.more}>
            {mayAddNote ? (
              <button type="button" className="menu__item" onClick={() => setEditingNote(true)}>
                {consoleTexts.regulars.addNote}
              </button>
            ) : null}
            {others.map((action) => (
              <button
                key={action}
                type="button"
                className="menu__item"
                disabled={busy}
                onClick={() => onAction(action)}
              >
                {consoleTexts.console.actions[action]}
              </button>
            ))}
          </Menu>
        ) : null}
        {main ? (
          <button
            type="button"
            className="button button--primary board-row__main"
            disabled={busy}
            onClick={() => onAction(main)}
          >
            {consoleTexts.console.actions[main]}
          </button>
        ) : null}
      </div>
      {regular && entry.phoneNumber !== null ? (
        <RegularDetails
          waitId={entry.waitId}
          customerName={entry.name}
          regular={regular}
          timeZone={timeZone}
          canWrite={canAct}
          editing={editingNote}
          onEdit={() => setEditingNote(true)}
          onDoneEditing={() => setEditingNote(false)}
        />
      ) : null}
    </li>
  );
}
