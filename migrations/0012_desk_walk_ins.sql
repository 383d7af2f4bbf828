-- Desk walk-ins (issue 12): the front desk puts a phone-in, or a guest without a phone, on the
-- list. Without a number the entry is on the board only: nothing is texted, and no text can be
-- matched to it.
alter table wait_entries alter column phone_number drop not null;
