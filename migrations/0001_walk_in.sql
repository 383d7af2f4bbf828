-- Walk-in core: businesses, their services and providers, anonymous customers, wait entries.
-- One dialect for PGlite and PostgreSQL. Access rules live in the server, not in row-level
-- security: PGlite's only user is a superuser, which bypasses RLS.

create table companies (
  id text primary key,                          -- the companyId used in URLs
  account_id uuid not null unique,              -- the business's staff account ("prefix-id" of getUserIdByCompanyId)
  name text not null,
  location text not null default '',            -- "address|city|state|zip" (spec §3)
  time_zone text not null default 'America/New_York',
  logo bytea,
  logo_etag text,
  logo_updated_at timestamptz,
  created_at timestamptz not null default now()
);

create table services (
  company_id text not null references companies (id) on delete cascade,
  name text not null,
  position integer not null,
  duration_minutes integer not null default 30 check (duration_minutes > 0),
  primary key (company_id, name)
);
create index services_company_position on services (company_id, position);

create table providers (
  id uuid primary key,
  company_id text not null references companies (id) on delete cascade,
  name text not null,
  speciality text not null default '',
  station text not null default '',
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index providers_company on providers (company_id, position);

create table customers (
  id uuid primary key,
  token_hash text not null unique,             -- sha256 of the secret token; the token itself is never stored
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);

create table wait_entries (
  id uuid primary key,                          -- the entry key (waitId in the checked-in URL)
  company_id text not null references companies (id) on delete cascade,
  customer_id uuid not null references customers (id) on delete cascade,
  idempotency_key text not null,
  service_type text not null,
  name text not null,
  phone_number text not null,                   -- "+1" followed by 10 digits
  allow_sms boolean not null default true,
  fcm_token text,
  -- The wait history record (spec §3): which provider the wait went to, empty until assigned.
  provider_id uuid references providers (id) on delete set null,
  assigned_at timestamptz,
  status text not null default 'waiting'
    check (status in ('waiting', 'called', 'in_service', 'done', 'no_show', 'cancelled')),
  date timestamptz not null default now(),      -- when the customer joined
  called_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  -- A double tap on Yes or a retried request creates one entry.
  unique (customer_id, idempotency_key)
);
create index wait_entries_company_status on wait_entries (company_id, status, date);
