-- Insights (issue 13): how good the wait estimate was. The customer's page computes the estimate
-- on every read and nothing kept it; this is the one computed just after the join (the same
-- computation the page shows first, wait-list.service.ts), null for entries from before, for
-- service requests (not in line until accepted) and for a join made while the line was unknown.
alter table wait_entries add column estimated_wait_minutes integer;

-- Insights read one business's visits by arrival time; the other indexes put the status or the
-- phone number between the business and the date.
create index wait_entries_company_date on wait_entries (company_id, date);
