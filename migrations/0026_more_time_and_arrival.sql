-- Issue 24: "I need more time" and "I'm here" on the customer's page (docs/more-time.md).
-- When the customer asked for more time: once per visit, so a place cannot be held without end.
alter table wait_entries add column more_time_asked_at timestamptz;
-- Their place is held until then. Cleared when they say "I'm here" before it; once it has passed
-- with them away, the entry stands in line as if it had joined at this instant (behind everyone
-- who was there), so the order is read from the timestamps and needs no timer.
alter table wait_entries add column back_by timestamptz;
-- "I'm here": the board shows them in the lobby.
alter table wait_entries add column arrived_at timestamptz;
-- Set (to back_by) by the sweep that tells the board and the customer's page that the held time
-- ran out; each lapse is told once, whichever process sees it first.
alter table wait_entries add column moved_back_at timestamptz;
-- The sweep's look-up: holds not yet told about, by when they end.
create index wait_entries_back_by on wait_entries (back_by)
  where back_by is not null and moved_back_at is null and status = 'waiting';
