-- Appointments booked elsewhere (issue 23): each provider may have an iCal feed (Square, Vagaro,
-- Booksy, Google Calendar export one), polled every 5 minutes; its events become busy blocks the
-- wait estimate works around. docs/appointments.md.

-- One feed per provider. The url is a secret: these links usually carry a private token that
-- reads the whole calendar, so it is never logged and the console shows only its host.
create table provider_calendar_feeds (
  provider_id uuid primary key,
  company_id text not null,
  url text not null,
  created_at timestamptz not null default now(),
  -- Claimed by a poller (any process) when it starts a sync: the claim and the 5 minutes between
  -- syncs are the same column, so two processes never fetch one feed at once.
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  -- What went wrong, in words the owner can act on; null after a success.
  last_error text,
  -- Busy blocks read at the last success (inside the kept window).
  event_count integer not null default 0,
  foreign key (company_id, provider_id) references providers (company_id, id) on delete cascade
);
create index provider_calendar_feeds_company on provider_calendar_feeds (company_id);
create index provider_calendar_feeds_due on provider_calendar_feeds (last_attempt_at nulls first);

-- Times a provider is busy, as instants [starts_at, ends_at). A sync replaces its provider's
-- 'ics' rows in one transaction, from yesterday to 14 days ahead.
create table provider_busy_blocks (
  id bigint generated always as identity primary key,
  company_id text not null,
  provider_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  source text not null check (source in ('ics')),
  check (ends_at > starts_at),
  foreign key (company_id, provider_id) references providers (company_id, id) on delete cascade
);
create index provider_busy_blocks_company_time on provider_busy_blocks (company_id, starts_at);
create index provider_busy_blocks_provider on provider_busy_blocks (provider_id, source);
