-- The salon's people (issue 12): three roles, members invited by the owner, one-time links.

-- Front desk joins owner and provider.
alter table staff_users drop constraint staff_users_role_check;
alter table staff_users add constraint staff_users_role_check
  check (role in ('owner', 'front_desk', 'provider'));

-- An invited member has no password until they open their link and choose one.
alter table staff_users alter column password_hash drop not null;

-- A provider account speaks for one provider of its own business, never another's: the key
-- includes the business. Removing the provider unlinks the account (it stays, seeing no "Mine").
alter table providers add constraint providers_company_id_id unique (company_id, id);
alter table staff_users drop constraint staff_users_provider_id_fkey;
alter table staff_users add constraint staff_users_provider foreign key (company_id, provider_id)
  references providers (company_id, id) on delete set null (provider_id);

-- One-time links: an invite (sets the first password) or a reset (sets a new one). Only the hash
-- of the token is kept; the link is shown once, to the owner who made it. A newer link for the
-- same member replaces the older one; using a link deletes it.
create table staff_links (
  token_hash text primary key,
  staff_user_id uuid not null references staff_users (id) on delete cascade,
  kind text not null check (kind in ('invite', 'reset')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index staff_links_user on staff_links (staff_user_id);
