-- Every foreign key finds the rows that point at it through an index, within one business at worst
-- (tests/integration/foreign-key-indexes.test.ts). PostgreSQL runs a key's on-delete action once
-- per removed row, as a query on the pointing table; without an index each is a read of that table
-- on the whole install. Erasing a business (npm run admin -- delete-company) removed each of its
-- visits and read every chat message of every business once per visit, and each of its providers
-- read every visit and every appointment (their only index by provider is partial: booked ones);
-- removing a staff account read every appointment, note and API key.

-- A visit's and a booking's provider, and the staff account that booked, noted or made a key,
-- belong to the row's own business: the keys now say so (as staff_users -> providers does since
-- 0010), and their on-delete actions look the rows up through the business's own indexes, at no
-- cost to a join's or a chat message's write. Rows that pointed across businesses (none the app
-- writes) are unlinked first, or the new keys could not be added.
alter table staff_users add constraint staff_users_company_id_id unique (company_id, id);

update wait_entries w set provider_id = null
 where provider_id is not null
   and not exists (select 1 from providers p where p.id = w.provider_id and p.company_id = w.company_id);
alter table wait_entries drop constraint wait_entries_provider_id_fkey;
alter table wait_entries add constraint wait_entries_provider foreign key (company_id, provider_id)
  references providers (company_id, id) on delete set null (provider_id);

update appointments a set booked_by = null
 where booked_by is not null
   and not exists (select 1 from staff_users u where u.id = a.booked_by and u.company_id = a.company_id);
alter table appointments drop constraint appointments_booked_by_fkey;
alter table appointments add constraint appointments_booked_by foreign key (company_id, booked_by)
  references staff_users (company_id, id) on delete set null (booked_by);

update customer_notes n set updated_by = null
 where updated_by is not null
   and not exists (select 1 from staff_users u where u.id = n.updated_by and u.company_id = n.company_id);
alter table customer_notes drop constraint customer_notes_updated_by_fkey;
alter table customer_notes add constraint customer_notes_updated_by foreign key (company_id, updated_by)
  references staff_users (company_id, id) on delete set null (updated_by);

update api_keys k set created_by = null
 where created_by is not null
   and not exists (select 1 from staff_users u where u.id = k.created_by and u.company_id = k.company_id);
alter table api_keys drop constraint api_keys_created_by_fkey;
alter table api_keys add constraint api_keys_created_by foreign key (company_id, created_by)
  references staff_users (company_id, id) on delete set null (created_by);

-- A booking cannot be unlinked from its provider (it is removed with it, with its business), so a
-- booking that named another business's provider is kept and the key checks new rows only: erasing
-- a business removes its bookings by business anyway.
alter table appointments drop constraint appointments_provider_id_fkey;
alter table appointments add constraint appointments_provider foreign key (company_id, provider_id)
  references providers (company_id, id) on delete cascade not valid;

-- A chat message keeps the visit it was written in. Chat messages have no index by business; one by
-- visit costs a chat message's write nothing measurable (docs/benchmarks.md).
create index chat_messages_wait on chat_messages (wait_id) where wait_id is not null;
