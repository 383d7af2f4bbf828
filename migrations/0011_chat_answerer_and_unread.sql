-- Routed chat (issue 12): who answers a conversation, and what the staff have not read yet.

-- The staff member who took the conversation over. Without one, the conversation is the assigned
-- provider's (their account's), else the front desk's (docs/people.md).
alter table wait_entries add column chat_answerer_id uuid references staff_users (id) on delete set null;

-- Customer messages the staff have not opened yet: counted as they arrive, cleared when a staff
-- member opens the chat. A count on the row, so the board's events carry it without a query.
alter table wait_entries add column chat_unread integer not null default 0;

-- Staff messages signed as the business rather than their author ("post as the business").
alter table chat_messages add column as_business boolean not null default false;
