-- Issue 26 item 5, outgoing webhooks (docs/webhooks.md): a business's endpoints hear of each
-- change to its line, signed the Standard Webhooks way.
create table webhook_endpoints (
  id uuid primary key,
  company_id text not null references companies (id) on delete cascade,
  -- https on a public address only; the sender checks the address it connects to.
  url text not null check (char_length(url) between 1 and 2000),
  -- whsec_…: the endpoint's signing secret, which the sender needs whole (an HMAC key).
  secret text not null,
  -- The secret before the last rotation: deliveries carry both signatures until it ends.
  previous_secret text,
  previous_secret_until timestamptz,
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  -- Set by the sender after a delivery failed every try, or by the owner; cleared when enabled again.
  disabled_at timestamptz,
  disabled_reason text
);
create index webhook_endpoints_company on webhook_endpoints (company_id, created_at);

-- The outbox: one row per event per endpoint, written by the change's own transaction (the
-- trigger below), so no change is told without being made, nor made without being told.
create table webhook_deliveries (
  -- The webhook-id header: the same on every try, so a receiver drops a repeat.
  id uuid primary key,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  company_id text not null references companies (id) on delete cascade,
  event_type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A 'sending' row whose lease ran out belonged to a process that stopped mid-send: tried again.
  lease_until timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_leased on webhook_deliveries (lease_until) where status = 'sending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);

-- Every path that changes the line (a join, the board, the public API, a customer's Leave, a
-- request's deadline) goes through wait_entries: the events are written here, in its transaction.
-- A business without endpoints costs one index probe per change.
create or replace function queue_webhook_events() returns trigger language plpgsql volatile as $$
declare
  events text[] := '{}';
  event text;
begin
  if not exists (select 1 from webhook_endpoints
                  where company_id = new.company_id and disabled_at is null) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    events := array['entry.joined'];
  else
    if new.status is distinct from old.status then
      event := case new.status
        when 'called' then 'entry.called' when 'in_service' then 'entry.started'
        when 'done' then 'entry.done' when 'no_show' then 'entry.no_show'
        when 'cancelled' then 'entry.left' end;
      if event is not null then events := events || event; end if;
    end if;
    if new.request_status is distinct from old.request_status then
      event := case new.request_status
        when 'accepted' then 'request.accepted' when 'declined' then 'request.declined'
        when 'expired' then 'request.expired' end;
      if event is not null then events := events || event; end if;
    end if;
  end if;
  foreach event in array events loop
    insert into webhook_deliveries (id, endpoint_id, company_id, event_type, payload)
    select gen_random_uuid(), e.id, new.company_id, event,
           jsonb_build_object(
             'type', event,
             'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'data', jsonb_build_object(
               'waitId', new.id, 'companyId', new.company_id, 'status', new.status,
               'name', new.name, 'phoneNumber', new.phone_number, 'serviceType', new.service_type,
               'providerId', new.provider_id, 'requestStatus', new.request_status,
               'origin', new.origin, 'partyId', new.party_id, 'partySize', new.party_size,
               'joinedAt', to_char(new.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from webhook_endpoints e
     where e.company_id = new.company_id and e.disabled_at is null;
  end loop;
  return null;
end $$;

create trigger wait_entries_webhooks after insert or update of status, request_status on wait_entries
  for each row execute function queue_webhook_events();
