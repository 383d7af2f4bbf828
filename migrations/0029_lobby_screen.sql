-- Issue 24: the lobby screen, a TV in the waiting area (docs/lobby-screen.md).
-- The secret of the screen's link (32 random bytes, base64url). Kept as it is, not hashed: the
-- owner and the front desk open the screen from the console again and again, and a hash could
-- not give them the link back. Compared in constant time; made on first use, replaced by "Reset".
alter table companies add column screen_key text;
-- How the screen writes a customer's name: "Maria G." or "M. G." (never the whole name).
alter table companies add column screen_name_style text not null default 'first_name_last_initial'
  check (screen_name_style in ('first_name_last_initial', 'initials'));
