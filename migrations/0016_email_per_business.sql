-- One person, several businesses (issue 22, decisions/0011): a staff account is one membership of
-- one business, with its own password, role and sessions; the same email may have an account at
-- each business it works for. An address unique across the install told the owner of any business
-- that it had an account elsewhere, and let them block its real salon from inviting it.
-- Emails are stored lowercased (staff.repository.ts, staff-schemas.ts), so the plain column is
-- unique per business. Email first: sign-in looks up every account of one email with this index.
alter table staff_users drop constraint staff_users_email_key;
alter table staff_users add constraint staff_users_email_company unique (email, company_id);
