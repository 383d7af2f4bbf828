-- Who may follow a chat changes while sockets follow it (issue 22): a provider follows only their
-- own customers' chats, and the provider of an entry changes by many statements (an assignment, a
-- provider leaving, "next available"). Each such change writes an "access.changed" event on the
-- thread's topic, in the change's own transaction and whichever statement made it. Numbered with
-- the topic's other events, it reaches every process before anything written after it, and each
-- process re-checks its staff subscribers of that topic there, before delivering what follows
-- (realtime/hub.ts).
create function wait_entry_provider_changed() returns trigger language plpgsql as $$
begin
  insert into realtime_pending (topic, type, data)
  values ('chat:' || new.chat_thread_key, 'access.changed', jsonb_build_object('providerId', new.provider_id));
  return null;
end $$;
create trigger wait_entry_provider_changed after update of provider_id on wait_entries for each row
  when (old.provider_id is distinct from new.provider_id and new.chat_thread_key is not null)
  execute function wait_entry_provider_changed();

-- A member whose role or provider changes sees differently from then on: their sessions end, as a
-- leaving provider's do (company.repository.ts deactivateProvider), and migration 0008's
-- announcement closes their sockets on every process. No screen changes a role yet; `npm run
-- admin`, SQL by hand or a later screen would, and a console kept open would go on seeing as before.
create function staff_access_changed() returns trigger language plpgsql as $$
begin
  delete from staff_sessions where staff_user_id = new.id;
  return null;
end $$;
create trigger staff_access_changed after update of role, provider_id on staff_users for each row
  when (old.role is distinct from new.role or old.provider_id is distinct from new.provider_id)
  execute function staff_access_changed();
