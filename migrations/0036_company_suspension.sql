-- Issue 25 item 8, a many-business install: whoever runs the install can suspend one business
-- (`npm run admin -- suspend-company`, docs/operations.md). While suspended_at is set its customer
-- pages say it takes no walk-ins online, its staff cannot sign in and their sessions are refused;
-- nothing of it is deleted, and resume-company clears the column.
alter table companies add column suspended_at timestamptz;
