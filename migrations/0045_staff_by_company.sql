-- Staff accounts found by their business and provider. staff_users had only its key and
-- (email, company_id): who answers a visit's conversation (read with every chat message, call and
-- status change), a business's staff list and the foreign key to providers each read every staff
-- account of every business on the install (tests/integration/staff-lookup-plan.test.ts).
create index staff_users_company_provider on staff_users (company_id, provider_id);

-- And the visits a staff account answers: removing the account (or its business) sets them back
-- to nobody, which read every visit on the install once per account removed.
create index wait_entries_chat_answerer on wait_entries (chat_answerer_id) where chat_answerer_id is not null;
