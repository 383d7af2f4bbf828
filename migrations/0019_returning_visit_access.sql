-- A returning customer's new visit makes their chat thread (one per customer and business) follow
-- that visit: whoever may follow it changes with it, as with a change of provider (migration 0017).
-- So the insert writes "access.changed" on the thread's topic too, but only where the thread had
-- an earlier visit: a first visit has nobody following it yet. One statement-level trigger per
-- join statement (joins are group-committed, db/group-commit.ts): one probe of the thread index
-- per new row, and no event at all for a new customer.
create function wait_entry_thread_returned() returns trigger language plpgsql as $$
begin
  insert into realtime_pending (topic, type, data)
  select 'chat:' || i.chat_thread_key, 'access.changed', jsonb_build_object('providerId', i.provider_id)
    from inserted i
   where i.chat_thread_key is not null
     and exists (select 1 from wait_entries w where w.chat_thread_key = i.chat_thread_key and w.id <> i.id);
  return null;
end $$;
create trigger wait_entry_thread_returned after insert on wait_entries
  referencing new table as inserted for each statement
  execute function wait_entry_thread_returned();
