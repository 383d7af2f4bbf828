-- Issue 23: "Running N minutes behind", set by the staff on the board: every estimate shifts by it,
-- customers' pages say it, and an optional text tells everyone waiting (kind 'running_behind',
-- counted in the business's daily text budget by migration 0006's trigger). 0 is on time.
alter table companies add column running_behind_minutes integer not null default 0
  check (running_behind_minutes between 0 and 240);
-- When it was last set: each setting texts each waiting customer at most once (its event key).
alter table companies add column running_behind_since timestamptz;
