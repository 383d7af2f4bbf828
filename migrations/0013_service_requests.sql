-- Service requests to a named provider (issue 12): the /add-client/{spId} page asks one provider,
-- who accepts or declines before a deadline. A pending, declined or expired request is not in the
-- general line; "next available" puts it there with its original arrival time.
alter table wait_entries add column request_status text
  check (request_status in ('pending', 'accepted', 'declined', 'expired'));
alter table wait_entries add column request_deadline timestamptz;
-- The expiry job's work: pending requests by deadline.
create index wait_entries_request_deadline on wait_entries (request_deadline) where request_status = 'pending';

-- How long a provider has to answer a request (a business setting).
alter table companies add column request_reply_minutes integer not null default 10
  check (request_reply_minutes between 1 and 240);
