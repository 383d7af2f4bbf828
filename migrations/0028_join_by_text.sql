-- Issue 24: join a wait list by text (docs/text-messages.md, "Join by text").
--
-- A conversation in progress: the business a phone is joining, the step it is at, and what it
-- answered so far. One per phone and number texted: `sent_to` is the business whose own number
-- it texted (the outbox), or null for the number every business shares (Twilio). It expires, so a
-- conversation left half-way does not catch the phone's later texts (a chat message, a number).
create table sms_conversations (
  id uuid primary key,
  phone_number text not null,
  sent_to text references companies (id) on delete cascade,
  company_id text not null references companies (id) on delete cascade,
  step text not null check (step in ('service', 'name')),
  -- The services as offered when the menu was texted: the number the customer replies with is
  -- read against the list they saw, even if the business changes its services meanwhile.
  services jsonb not null,
  service_type text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create unique index sms_conversations_phone on sms_conversations (phone_number, (coalesce(sent_to, '')));
create index sms_conversations_expires on sms_conversations (expires_at);

-- The answers of a conversation (the menu, the name question, STATUS and LEAVE) are texts anyone
-- can make the install send by texting it: each number gets at most this many per window (the
-- same window as the joins'), past which the answer is kept as 'blocked' and never sent. They
-- count against the business's day as well.
alter table texting_limits add column conversation_texts_per_number integer not null default 10;

create index sms_messages_conversation_window on sms_messages (phone_number, created_at)
  where direction = 'outbound' and kind = 'conversation' and status <> 'blocked';

-- migrations/0006's function, with the conversations' own per-number window.
create or replace function limit_outbound_text() returns trigger language plpgsql volatile as $$
declare
  limits texting_limits;
  recent integer;
  counted integer;
begin
  if new.direction <> 'outbound' or new.status not in ('queued', 'sent') then
    return new;
  end if;
  select * into limits from texting_limits;
  if new.kind in ('join', 'service_request') then
    perform pg_advisory_xact_lock(7241001, hashtext(new.phone_number));
    select count(*) into recent from sms_messages
     where phone_number = new.phone_number and direction = 'outbound' and kind in ('join', 'service_request')
       and status <> 'blocked'
       and created_at > now() - make_interval(mins => limits.texts_per_number_window_minutes);
    if recent >= limits.texts_per_number then
      new.status := 'blocked';
      new.last_error := format('Not sent: this number already got %s texts from a join in %s minutes.',
                               limits.texts_per_number, limits.texts_per_number_window_minutes);
      return new;
    end if;
  end if;
  if new.kind = 'conversation' then
    perform pg_advisory_xact_lock(7241004, hashtext(new.phone_number));
    select count(*) into recent from sms_messages
     where phone_number = new.phone_number and direction = 'outbound' and kind = 'conversation'
       and status <> 'blocked'
       and created_at > now() - make_interval(mins => limits.texts_per_number_window_minutes);
    if recent >= limits.conversation_texts_per_number then
      new.status := 'blocked';
      new.last_error := format('Not sent: this number already got %s answers to its texts in %s minutes.',
                               limits.conversation_texts_per_number, limits.texts_per_number_window_minutes);
      return new;
    end if;
  end if;
  if new.kind in ('stop', 'start', 'help') then
    perform pg_advisory_xact_lock(7241002, hashtext(new.phone_number));
    select count(*) into recent from sms_messages
     where phone_number = new.phone_number and direction = 'outbound' and kind in ('stop', 'start', 'help')
       and status <> 'blocked'
       and created_at > now() - make_interval(mins => limits.texts_per_number_window_minutes);
    if recent >= limits.texts_per_number then
      new.status := 'blocked';
      new.last_error := format('Not sent: this number already got %s answers to STOP, START or HELP in %s minutes.',
                               limits.texts_per_number, limits.texts_per_number_window_minutes);
    end if;
    return new;
  end if;
  if new.company_id is not null then
    insert into sms_daily_counts as d (company_id, day, texts)
    select c.id, (now() at time zone c.time_zone)::date, 1 from companies c where c.id = new.company_id
    on conflict (company_id, day) do update set texts = d.texts + 1
      where d.texts < limits.texts_per_business_per_day
    returning texts into counted;
    if counted is null then
      new.status := 'blocked';
      new.last_error := format('Not sent: the business''s limit of %s texts a day was reached.',
                               limits.texts_per_business_per_day);
    end if;
  end if;
  return new;
end
$$;
