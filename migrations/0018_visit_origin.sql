-- Where a visit came from (issue 22): insights count "joined" from the visits themselves, not from
-- analytics events that any anonymous customer can post for any business. 'walk_in' is a customer's
-- own join (their phone or the kiosk), 'desk' a walk-in the front desk added, 'request' a service
-- request to a named provider (add-client), which stays one after "next available".
alter table wait_entries add column origin text not null default 'walk_in'
  check (origin in ('walk_in', 'desk', 'request'));
update wait_entries set origin = 'desk' where idempotency_key like 'desk:%';
update wait_entries set origin = 'request' where request_status is not null;
