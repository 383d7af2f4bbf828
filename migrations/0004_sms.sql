-- Text messages both ways. Every outbound text is a row written in the same transaction as the
-- change that causes it (a join, a call, a staff chat message...), keyed by that event, so a
-- retry or a restart can never text twice for one event. A worker sends queued rows.
create table sms_messages (
  id uuid primary key,
  company_id text references companies (id) on delete cascade,
  wait_id uuid references wait_entries (id) on delete set null,
  direction text not null check (direction in ('outbound', 'inbound')),
  kind text not null,                           -- join, called, chat, stop, start, help, reply, inbound
  event_key text unique,                        -- the event that caused an outbound text: at most one each
  phone_number text not null,                   -- the customer's number, +1 and 10 digits
  body text not null,
  status text not null check (status in ('queued', 'sending', 'sent', 'delivered', 'failed', 'received', 'undelivered')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  provider_message_id text unique,              -- Twilio's MessageSid
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sms_messages_queue on sms_messages (next_attempt_at) where status = 'queued';
create index sms_messages_company_time on sms_messages (company_id, created_at desc);
create index sms_messages_phone_time on sms_messages (phone_number, created_at desc);

-- STOP from a number: nothing more is texted to it until START.
create table sms_opt_outs (
  phone_number text primary key,
  opted_out_at timestamptz not null default now()
);

-- Wording per business; null means the default text (src/server/features/sms/sms-texts.ts).
alter table companies add column sms_join_text text;
alter table companies add column sms_called_text text;
