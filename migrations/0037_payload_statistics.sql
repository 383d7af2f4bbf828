-- Columns no statement filters, joins or sorts on: their statistics are never read, and gathering
-- them was most of an analyze's time (30,000 sampled payloads compared and sorted per column). On
-- the embedded database an analyze holds its only thread while statements wait; PGlite now
-- analyzes a table as it grows (pglite-worker.ts; docs/benchmarks.md, "Statistics that follow the
-- tables").
alter table realtime_events alter column data set statistics 0;
alter table realtime_pending alter column data set statistics 0;
alter table sms_messages alter column body set statistics 0;
alter table sms_messages alter column last_error set statistics 0;
alter table chat_messages alter column message set statistics 0;
alter table analytics_events alter column params set statistics 0;
alter table wait_entries alter column join_answers set statistics 0;
