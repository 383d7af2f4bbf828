-- Texts are scoped to the business (issue 11, docs/text-messages.md).
--
-- Opt-outs: company_id set means "this number stopped this business's texts" (each business has
-- a sender of its own, as in the outbox); null means "this number stopped the sending number",
-- which every business on a shared Twilio number texts from: the carrier blocks that number for
-- all of them, so we do too. Rows from before this migration were install-wide and stay so.
alter table sms_opt_outs drop constraint sms_opt_outs_pkey;
alter table sms_opt_outs add column company_id text references companies (id) on delete cascade;
create unique index sms_opt_outs_scope on sms_opt_outs (phone_number, (coalesce(company_id, '')));

-- A text refused by a limit is kept, as 'blocked' with the reason, so the console can show it.
alter table sms_messages drop constraint sms_messages_status_check;
alter table sms_messages add constraint sms_messages_status_check
  check (status in ('queued', 'sending', 'sent', 'delivered', 'failed', 'received', 'undelivered', 'blocked'));
-- Texts a customer's request caused that went out: what the per-number window counts.
create index sms_messages_number_window on sms_messages (phone_number, created_at)
  where direction = 'outbound' and kind in ('join', 'service_request') and status <> 'blocked';
-- Answers to STOP / START / HELP that went out: they are held to the same per-number window.
create index sms_messages_keyword_window on sms_messages (phone_number, created_at)
  where direction = 'outbound' and kind in ('stop', 'start', 'help') and status <> 'blocked';
-- The join's text of a wait entry, for its page ("We've sent you a text message" or not).
create index sms_messages_wait on sms_messages (wait_id) where wait_id is not null;
create index wait_entries_company_phone_date on wait_entries (company_id, phone_number, date);

-- The install's limits (the server writes its configuration here at start; these are the defaults).
create table texting_limits (
  id boolean primary key default true check (id),
  texts_per_number integer not null,
  texts_per_number_window_minutes integer not null,
  texts_per_business_per_day integer not null,
  joins_per_phone_per_hour integer not null
);
insert into texting_limits values (true, 3, 10, 500, 5);

-- Texts each business sent on each of its days (in its time zone): its daily budget.
create table sms_daily_counts (
  company_id text not null references companies (id) on delete cascade,
  day date not null,
  texts integer not null,
  primary key (company_id, day)
);

-- Every outbound text passes here, whichever statement writes it (a join, a call, a chat message,
-- a keyword's answer): the one place the limits are kept. A text a customer's request can cause
-- (join, service_request) counts against the number's window, install-wide; so do the answers to
-- STOP / START / HELP, in a window of their own (a phone texting HELP over and over, or STOP and
-- START in turn, was answered every time), and past it the opt-out or opt-in still takes effect;
-- every other text counts against its business's day (those answers do not: a business out of
-- texts still confirms a STOP). Each check locks its key first (an advisory lock, the day's counter
-- row), so concurrent statements count one another's texts; a row-level BEFORE trigger also sees
-- what its own statement wrote before.
create function limit_outbound_text() returns trigger language plpgsql volatile as $$
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
create trigger sms_messages_limit before insert on sms_messages
  for each row execute function limit_outbound_text();

-- Joins of one phone number at one business: past the hour's limit the row is not written, and
-- the join answers that the number joined too often (wait-list.repository.ts).
create function limit_joins_per_phone() returns trigger language plpgsql volatile as $$
declare
  allowed integer;
  recent integer;
begin
  select joins_per_phone_per_hour into allowed from texting_limits;
  perform pg_advisory_xact_lock(7241003, hashtext(new.company_id || ' ' || new.phone_number));
  select count(*) into recent from wait_entries
   where company_id = new.company_id and phone_number = new.phone_number and date > now() - interval '1 hour';
  if recent >= allowed then
    return null;
  end if;
  return new;
end
$$;
create trigger wait_entries_limit_joins before insert on wait_entries
  for each row execute function limit_joins_per_phone();
