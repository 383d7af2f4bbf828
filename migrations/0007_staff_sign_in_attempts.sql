-- Failed staff sign-ins, counted per email as typed (trimmed, lowercased) whether or not an account
-- has it: an unknown email is throttled exactly like a known one, so the answers and their timing
-- do not tell which emails have accounts. An attempt is claimed here before its password is
-- checked (staff.repository.ts, claimSignInAttempt).
create table staff_sign_in_attempts (
  email text primary key,
  failures integer not null,
  throttled_until timestamptz,
  last_attempt_at timestamptz not null default now()
);
-- Rows a day quiet are deleted (pruneSignInAttempts): the count starts again.
create index staff_sign_in_attempts_last on staff_sign_in_attempts (last_attempt_at);

alter table staff_users drop column failed_sign_ins;
alter table staff_users drop column throttled_until;
