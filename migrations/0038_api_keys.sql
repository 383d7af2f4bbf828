-- Issue 26 item 4, the public API (docs/public-api.md): a business's other software (a POS, a
-- booking tool, Zapier) reads and works its line with a key the owner made in Settings. The key
-- is shown once; like a staff session's cookie it is 256 random bits, so only its SHA-256 is kept.
create table api_keys (
  id uuid primary key,
  company_id text not null references companies (id) on delete cascade,
  -- The shared schema's limit (createApiKeyRequestSchema), held here too.
  name text not null check (char_length(name) between 1 and 60),
  scope text not null check (scope in ('read', 'read_write')),
  secret_hash text not null unique,
  -- The key's first characters, so the owner can tell which key a program holds.
  hint text not null,
  -- Who made it; a removed account leaves the key without a name.
  created_by uuid references staff_users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Kept to the minute: a busy integration does not write a row per request.
  last_used_at timestamptz,
  -- A revoked key is kept (its name stays readable in what it did) but no longer opens anything.
  revoked_at timestamptz
);

create index api_keys_company on api_keys (company_id, created_at);
