-- Who works when (issue 23, docs/schedule.md): each provider's weekly shifts, days off, the
-- services they do and whether they are on the floor now. Times are the business's wall clock
-- (minutes of its local day, local dates), turned into instants in its time zone only when a day
-- is worked out (src/server/features/schedule/provider-time.ts), so 9:00 stays 9:00 across DST.

-- Several shifts a weekday (a split shift). A shift past midnight ends after 24:00 of the day it
-- starts (20:00–02:00 is 1200–1560); it lasts at most a day. None stored for a provider: they work
-- whenever the business is open.
create table provider_shifts (
  company_id text not null,
  provider_id uuid not null,
  weekday smallint not null check (weekday between 0 and 6), -- 0 Sunday … 6 Saturday
  start_minute smallint not null check (start_minute between 0 and 1439),
  end_minute smallint not null,
  primary key (provider_id, weekday, start_minute),
  check (end_minute > start_minute and end_minute <= start_minute + 1440),
  foreign key (company_id, provider_id) references providers (company_id, id) on delete cascade
);

-- A day off: no shift that starts on that local date (with no shifts stored, not that whole day).
create table provider_days_off (
  company_id text not null,
  provider_id uuid not null,
  day date not null,
  primary key (provider_id, day),
  foreign key (company_id, provider_id) references providers (company_id, id) on delete cascade
);

-- The services a provider does; none stored: every service of the business. No foreign key to
-- services: a business with none configured offers the spec's defaults, which have no rows, and
-- Settings replaces the service list wholesale. company.repository.ts replaceServices renames and
-- drops these rows in the same transaction instead.
create table provider_services (
  company_id text not null,
  provider_id uuid not null,
  service_name text not null,
  primary key (provider_id, service_name),
  foreign key (company_id, provider_id) references providers (company_id, id) on delete cascade
);
create index provider_services_company on provider_services (company_id);

-- "On the floor / On break / Off" on the board: set by the provider (or the owner, the desk).
-- Everyone starts on the floor, so a business that never uses it sees no change.
alter table providers
  add column floor_state text not null default 'on_floor' check (floor_state in ('on_floor', 'on_break', 'off')),
  add column floor_state_changed_at timestamptz;
