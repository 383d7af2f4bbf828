-- A join's "has this chat thread an earlier visit?" (migration 0019) was planned as a hash semi
-- join over a sequential scan of wait_entries: every join statement read every visit of every
-- business, so joins got slower as the table grew (at 5,000 rows it was most of a 16-join
-- statement's time). LATERAL … LIMIT 1 cannot be turned into a join over the whole table: each new
-- row probes wait_entries_chat_thread for one earlier visit, as the comment there always meant.
create or replace function wait_entry_thread_returned() returns trigger language plpgsql as $$
begin
  insert into realtime_pending (topic, type, data)
  select 'chat:' || i.chat_thread_key, 'access.changed', jsonb_build_object('providerId', i.provider_id)
    from inserted i
    cross join lateral (
      select 1 from wait_entries w
       where w.chat_thread_key = i.chat_thread_key and w.id <> i.id
       limit 1
    ) earlier
   where i.chat_thread_key is not null;
  return null;
end $$;
