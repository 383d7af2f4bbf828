-- Issue 23: when a business takes walk-ins (docs/opening-hours.md).
-- Opening hours as one document the server validates (shared/staff-schemas.ts openingHoursSchema):
-- seven weekday lists of "HH:MM" ranges, special days and the last call. Read and written whole,
-- with the business, and cached with it; null (every business until its owner sets hours) is open
-- around the clock.
alter table companies add column opening_hours jsonb;

-- "Pause the list" on the board: walk-ins are refused from paused_at until the staff resume it or
-- pause_until passes; the message is shown to customers as the staff wrote it.
alter table companies add column paused_at timestamptz;
alter table companies add column pause_message text check (char_length(pause_message) <= 200);
alter table companies add column pause_until timestamptz;

-- Optional caps (null: none): people waiting in line, and the estimated wait of a new walk-in.
alter table companies add column max_waiting integer check (max_waiting between 1 and 1000);
alter table companies add column max_wait_minutes integer check (max_wait_minutes between 5 and 1440);
