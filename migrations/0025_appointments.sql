-- Appointments (issue 23): the desk books a visit for a time; it shows in the board's "Coming up"
-- lane and joins the line when the customer arrives (docs/appointments.md). The phone is stored
-- as the wait list stores it ("+1" and 10 digits), or null for a booking without one.
create table appointments (
  id uuid primary key,
  company_id text not null references companies (id) on delete cascade,
  provider_id uuid not null references providers (id) on delete cascade,
  service_type text not null,
  name text not null,
  phone_number text,
  starts_at timestamptz not null,
  -- The service's listed duration when it was booked: a later change of the service list does
  -- not move what the provider's day already holds.
  duration_minutes integer not null check (duration_minutes > 0),
  status text not null default 'booked' check (status in ('booked', 'arrived', 'cancelled', 'missed')),
  -- The visit "Arrived" put in line. Deferred: the arrival's statement marks the appointment
  -- before the same transaction writes the entry. Kept when the entry is erased (retention).
  wait_id uuid unique references wait_entries (id) on delete set null deferrable initially deferred,
  -- One desk console's retried booking lands once.
  idempotency_key text not null,
  booked_by uuid references staff_users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, idempotency_key)
);
-- A business's appointments of a day (the board's lane).
create index appointments_company_starts on appointments (company_id, starts_at);
-- A provider's booked time in a window (the wait estimate).
create index appointments_provider_booked on appointments (provider_id, starts_at) where status = 'booked';

-- The visit an appointment's arrival puts in line (migrations/0018).
alter table wait_entries drop constraint wait_entries_origin_check;
alter table wait_entries add constraint wait_entries_origin_check
  check (origin in ('walk_in', 'desk', 'request', 'appointment'));
