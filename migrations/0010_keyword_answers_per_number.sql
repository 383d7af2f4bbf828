-- Answers to STOP / START / HELP are kept to the per-number window too (docs/text-messages.md).
-- They were exempt from every limit, so a phone texting HELP, or STOP and START in turn, to the
-- shared Twilio number got an answer to each, paid for by the business without end. Now one number
-- gets at most texts_per_number of them per window (3 per 10 minutes); past that an answer is kept
-- as 'blocked' with the reason, while the opt-out or opt-in itself still takes effect. They stay
-- outside the business's daily budget: a business that ran out still confirms a STOP.
create index sms_messages_keyword_window on sms_messages (phone_number, created_at)
  where direction = 'outbound' and kind in ('stop', 'start', 'help') and status <> 'blocked';

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
