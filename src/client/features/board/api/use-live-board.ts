import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppointmentList } from '../../../../shared/appointment-schemas.ts';
import { boardEventSchema } from '../../../../shared/board-events.ts';
import { topics } from '../../../../shared/realtime.ts';
import { REGULAR_CHANGED_EVENT } from '../../../../shared/regular-schemas.ts';
import { FLOOR_STATE_EVENT } from '../../../../shared/schedule-schemas.ts';
import type { BoardResponse, StaffMe } from '../../../../shared/staff-schemas.ts';
import { isOpenRequest } from '../../../../shared/wait-status.ts';
import { useTopic } from '../../../lib/realtime.ts';
import { staffRealtime } from '../../../lib/staff-api.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { playAlertSound } from '../console-alert.ts';
import { appointmentsQueryKey, upsertAppointment } from './appointments-api.ts';
import { boardQueryKey, upsertBoardEntry, upsertProviderFloor, useBoard } from './board-api.ts';
import { intakeQueryKey } from './intake-api.ts';
import { fetchRegular, upsertRegular } from './regulars-api.ts';

const NEW_FOR_MS = 8_000;

/**
 * The business's board, kept live by the console on every section (the Board link counts unread
 * messages wherever the member is): which rows just arrived, and an optional sound and title
 * flash for a new walk-in or a new message (issue 12).
 */
export function useLiveBoard(me: StaffMe) {
  const board = useBoard();
  const queryClient = useQueryClient();
  const arrivals = useRef(new Map<string, number>());
  const [, setTick] = useState(0);
  const [alertsOn, setAlertsOn] = useState(() => readStored('local', storageKeys.consoleAlerts) === 'on');
  const [attention, setAttention] = useState(false);

  const readRegular = (waitId: string) => {
    fetchRegular(waitId).then(
      (regular) =>
        queryClient.setQueryData<BoardResponse>(boardQueryKey, (board) =>
          upsertRegular(board, waitId, regular),
        ),
      // The row shows without it; the next read of the board (a reset, a reload) has it.
      () => {},
    );
  };

  useTopic(staffRealtime(), board.data ? topics.board(me.companyId) : null, board.data?.seq ?? null, {
    onEvent: (type, data) => {
      // Read through the board's event schemas: an event this page does not know (a newer
      // server's) or cannot read changes nothing.
      const parsed = boardEventSchema.safeParse({ event: type, data });
      if (!parsed.success) return;
      const event = parsed.data;
      // A pause or resume from another console: the bar asks again.
      if (event.event === 'intake.changed') void queryClient.invalidateQueries({ queryKey: intakeQueryKey });
      if (event.event === 'appointment.upserted') {
        const appointment = event.data;
        queryClient.setQueryData<AppointmentList>(appointmentsQueryKey, (list) =>
          upsertAppointment(list, appointment),
        );
      }
      if (event.event === FLOOR_STATE_EVENT) {
        const floor = event.data;
        queryClient.setQueryData<BoardResponse>(boardQueryKey, (current) =>
          upsertProviderFloor(current, floor),
        );
        return;
      }
      if (event.event === REGULAR_CHANGED_EVENT) {
        const listed = queryClient.getQueryData<BoardResponse>(boardQueryKey)?.entries ?? [];
        for (const waitId of event.data.waitIds)
          if (listed.some((e) => e.waitId === waitId)) readRegular(waitId);
        return;
      }
      if (event.event !== 'entry.upserted') return;
      const entry = event.data;
      const current = queryClient.getQueryData<BoardResponse>(boardQueryKey);
      const known = current?.entries.find((e) => e.waitId === entry.waitId);
      // A row the board's read did not have: its customer's visits and note come with a read of their own.
      if (!known && entry.phoneNumber !== null && !current?.regulars[entry.waitId]) readRegular(entry.waitId);
      if (!known) {
        arrivals.current.set(entry.waitId, Date.now());
        setTimeout(() => setTick((t) => t + 1), NEW_FOR_MS);
      }
      if (!known || entry.unread > known.unread) {
        if (alertsOn) playAlertSound();
        if (document.hidden) setAttention(true);
      }
      queryClient.setQueryData<BoardResponse>(boardQueryKey, (current) => upsertBoardEntry(current, entry));
    },
    onReset: () => {
      void queryClient.invalidateQueries({ queryKey: boardQueryKey });
      void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey });
    },
  });

  // The flash ends when the member looks at the tab again.
  useEffect(() => {
    const seen = () => {
      if (!document.hidden) setAttention(false);
    };
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);

  const setAlerts = useCallback((on: boolean) => {
    writeStored('local', storageKeys.consoleAlerts, on ? 'on' : null);
    setAlertsOn(on);
    // A click is the gesture browsers ask for before a page may play sound.
    if (on) playAlertSound();
  }, []);

  const entries = board.data?.entries ?? [];
  return {
    board,
    isNew: (waitId: string) => Date.now() - (arrivals.current.get(waitId) ?? 0) < NEW_FOR_MS,
    waitingCount: entries.filter((entry) => entry.status === 'waiting' && !isOpenRequest(entry)).length,
    // A provider's count is of the chats they can open (and so clear): their own customers'.
    unreadCount: entries
      .filter((entry) => me.role !== 'provider' || entry.providerId === me.providerId)
      .reduce((sum, entry) => sum + entry.unread, 0),
    /** A title flash is asked for (alerts on, and something new came while the tab was hidden). */
    flashTitle: alertsOn && attention,
    alertsOn,
    setAlerts,
  };
}

export type LiveBoard = ReturnType<typeof useLiveBoard>;
