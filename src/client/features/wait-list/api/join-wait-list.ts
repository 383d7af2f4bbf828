import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JoinWaitListRequest } from '../../../../shared/schemas.ts';
import { joinWaitListResponseSchema } from '../../../../shared/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * One confirmed join on its way out. `sent` once the request starts (from then on it may reach the
 * server); `withdrawn` if the customer took it back before that.
 */
interface JoinHold {
  sent: boolean;
  withdrawn: boolean;
}

interface JoinWaitListVariables {
  companyId: string;
  request: JoinWaitListRequest;
  /** One key per confirmation: a double tap or a retry lands on the same entry. */
  idempotencyKey: string;
}

/** The join was taken back while it waited for the connection: nothing went out. */
class JoinWithdrawnError extends Error {
  constructor() {
    super('The join was cancelled before it was sent.');
    this.name = 'JoinWithdrawnError';
  }
}

function joinWaitList({
  companyId,
  request,
  idempotencyKey,
  hold,
}: JoinWaitListVariables & { hold: JoinHold }) {
  if (hold.withdrawn) return Promise.reject(new JoinWithdrawnError());
  hold.sent = true;
  return apiRequest(`/v1/companies/${encodeURIComponent(companyId)}/wait-list`, joinWaitListResponseSchema, {
    method: 'POST',
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
    asCustomer: true,
  });
}

/**
 * The join, and `withdrawWaiting` to take it back while it waits for the connection: offline,
 * TanStack Query holds the mutation (`isPaused`) and runs it once the browser is back online,
 * even after the observer is reset or unmounted, so a join the customer closed must refuse to run
 * itself. With `withdrawOnUnmount`, a join still waiting when the form goes away is withdrawn too
 * (the kiosk's next guest: docs/door.md).
 */
export function useJoinWaitList({ withdrawOnUnmount = false }: { withdrawOnUnmount?: boolean } = {}) {
  // Mutation retries default to 0 (spec §9): the customer decides, with the same idempotency key.
  const mutation = useMutation({ mutationFn: joinWaitList, retry: 0 });
  const hold = useRef<JoinHold | null>(null);

  useEffect(() => {
    if (!withdrawOnUnmount) return;
    return () => {
      const current = hold.current;
      if (current && !current.sent) current.withdrawn = true;
    };
  }, [withdrawOnUnmount]);

  const mutate = (variables: JoinWaitListVariables, options?: Parameters<typeof mutation.mutate>[1]) => {
    hold.current = { sent: false, withdrawn: false };
    mutation.mutate({ ...variables, hold: hold.current }, options);
  };

  /** True if a join was waiting and now never goes out; false once it has started (or there is none). */
  const withdrawWaiting = (): boolean => {
    const current = hold.current;
    if (!mutation.isPending || !current || current.sent) return false;
    current.withdrawn = true;
    mutation.reset();
    return true;
  };

  return { ...mutation, mutate, withdrawWaiting };
}
