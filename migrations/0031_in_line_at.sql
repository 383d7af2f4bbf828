-- Issue 24 item 4, "why my place changed" (docs/wait-estimate.md): the instant an entry began to
-- count in the line. Mostly its join, but an appointment that arrives counts from its arrival while
-- it stands at its booked time, and a request counts from when its provider accepted it (or the
-- customer chose the next available) while it stands at its request's time: those are the entries
-- that can come in ahead of someone already waiting, and each customer's page names them.
-- Entries from before this column read as having counted since they stood (coalesce with date):
-- no rewrite of the table, and no made-up "came in ahead of you" for the lines already waiting.
alter table wait_entries add column in_line_at timestamptz;
alter table wait_entries alter column in_line_at set default now();
