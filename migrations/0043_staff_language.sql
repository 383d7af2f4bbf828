-- Issue 27: the console follows each staff member's choice (docs/languages.md). Null: the member
-- has not chosen, and the console follows the device (its cookie, else the browser's languages).
-- Chosen on Your account, it follows the member to every device they sign in on.
alter table staff_users add column language text check (language in ('en', 'es'));
