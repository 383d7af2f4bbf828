-- Analytics events belong to a business that exists, so no one can add to another business's
-- funnel by naming it (the intake also needs a customer token now). company_id is null for pages
-- of no business (home, not found). Earlier rows get the business their params named, if any.
alter table analytics_events add column company_id text references companies (id) on delete cascade;

update analytics_events e
   set company_id = c.id
  from companies c
 where c.id = coalesce(e.params->>'companyId', substring(e.params->>'params' from '"companyId":"([^"]+)"'));

create index analytics_events_company_time on analytics_events (company_id, occurred_at);
