-- Live wait list: staff accounts and sessions, realtime events, chat.

create table staff_users (
  id uuid primary key,
  company_id text not null references companies (id) on delete cascade,
  email text not null unique,                   -- stored lowercased
  name text not null default '',
  password_hash text not null,                  -- scrypt$N$r$p$salt$hash (see staff/password.ts)
  role text not null check (role in ('owner', 'provider')),
  provider_id uuid references providers (id) on delete set null,
  failed_sign_ins integer not null default 0,
  throttled_until timestamptz,
  created_at timestamptz not null default now()
);

create table staff_sessions (
  token_hash text primary key,                  -- sha256 of the cookie value
  staff_user_id uuid not null references staff_users (id) on delete cascade,
  csrf_token text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index staff_sessions_user on staff_sessions (staff_user_id);

-- Realtime: each topic numbers its own events, so a client that reconnects asks for "everything
-- after N" and gets no gap and no duplicate. A change writes its events to realtime_pending in its
-- own transaction (no shared lock, so changes at one business never queue behind each other's
-- commits); a sequencer then numbers pending events in batches under the topic rows' locks, which
-- makes numbers commit in order. Notifications carry only "topic|seq"; listeners read the row.
create table realtime_pending (
  id bigint generated always as identity primary key,
  topic text not null,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);

create table realtime_topics (
  topic text primary key,
  seq bigint not null default 0
);

create table realtime_events (
  topic text not null,
  seq bigint not null,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now(),
  primary key (topic, seq)
);
create index realtime_events_created on realtime_events (created_at);

-- Chat between a customer and the business (spec §3 "Chat message"). The thread key is
-- "{providerId}-{userId}" where providerId is the business account the customer wrote to.
alter table wait_entries add column chat_thread_key text;
create index wait_entries_chat_thread on wait_entries (chat_thread_key);

create table chat_messages (
  id uuid primary key,
  thread_key text not null,
  company_id text not null references companies (id) on delete cascade,
  wait_id uuid references wait_entries (id) on delete set null,
  user_id text not null,                        -- the sender: customer id or staff user id
  user_name text not null,
  sender text not null check (sender in ('customer', 'staff')),
  message text not null check (char_length(message) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index chat_messages_thread_time on chat_messages (thread_key, created_at);
