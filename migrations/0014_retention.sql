-- Retention (issue 13): customers' names and numbers are kept only as long as the business says,
-- and a customer can have theirs erased at once ("Forget me"). What each table keeps and how it is
-- erased: docs/privacy.md.

-- Days after a visit that its name, number, chat and texts are kept (a business setting).
alter table companies add column retention_days integer not null default 90
  check (retention_days between 1 and 3650);

-- A visit whose name and number were erased: it stays (status, times, service, provider) so
-- Insights still count it. The retention job's work is the visits not yet erased, by date.
alter table wait_entries add column anonymised_at timestamptz;
create index wait_entries_to_anonymise on wait_entries (date) where anonymised_at is null;

-- A text erased while it still counts towards the per-number limits (migrations/0006): its body is
-- gone, its number stays until the window has passed, then the retention job deletes the row.
-- Deleting it at once would let "join, forget me, join again" text a stranger's phone without end.
alter table sms_messages add column erased_at timestamptz;
create index sms_messages_erased on sms_messages (created_at) where erased_at is not null;

-- The retention job deletes chat messages, texts and push subscriptions by age.
create index chat_messages_created on chat_messages (created_at);
create index sms_messages_created on sms_messages (created_at);
create index push_subscriptions_date on push_subscriptions (date);
