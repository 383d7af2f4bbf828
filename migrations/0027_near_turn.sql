-- Issue 24 item 1: "Text me when I'm N away" (docs/near-turn.md).
-- When a customer is told their turn is near, unless they chose otherwise on their page: when
-- they are next, when 2, 3 or 5 are ahead, about 15 minutes before (the wait estimate), or never.
alter table companies add column near_turn_default text not null default 'ahead_2'
  check (near_turn_default in ('off', 'next', 'ahead_2', 'ahead_3', 'ahead_5', 'minutes_15'));
-- The customer's own choice; null follows the business's default (so a change of the default
-- reaches everyone who did not choose).
alter table wait_entries add column near_turn text
  check (near_turn in ('off', 'next', 'ahead_2', 'ahead_3', 'ahead_5', 'minutes_15'));
-- When they were told (texted, pushed): once per visit, and after it the choice is final.
alter table wait_entries add column near_turn_told_at timestamptz;
-- The time-based sweep's look-up of customers who chose "about 15 minutes" themselves. A join
-- writes no entry here (its choice is null), so joins pay nothing for it.
create index wait_entries_near_turn_minutes on wait_entries (company_id)
  where near_turn = 'minutes_15' and near_turn_told_at is null and status = 'waiting';
-- And of businesses whose default is "about 15 minutes".
create index companies_near_turn_minutes on companies (id) where near_turn_default = 'minutes_15';
