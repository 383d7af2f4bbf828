-- Issue 24 item 5, "Regulars" (docs/regulars.md). A customer is a phone number at one business:
-- their visit history is read from the business's own finished visits with that number
-- (wait_entries_company_phone_date, migrations/0006, already serves it), so it goes when the
-- visits are anonymised. Only the staff's note about the customer needs a table.
create table customer_notes (
  company_id text not null references companies (id) on delete cascade,
  -- As wait_entries stores it: the business's key for the customer.
  phone_number text not null,
  -- The shared schema's limit (customerNoteRequestSchema), held here too. An emptied note is deleted.
  note text not null check (char_length(note) between 1 and 500),
  -- Who wrote it last; a removed account leaves the note without a name.
  updated_by uuid references staff_users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (company_id, phone_number)
);
