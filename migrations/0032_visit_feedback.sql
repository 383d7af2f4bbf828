-- Issue 24 item 8: feedback after the visit (docs/feedback.md).

-- Off by default: the owner turns it on in Settings. The review link (their Google review page, say)
-- is offered to a customer who rated 4 or 5; https only, as the shared schema checks.
alter table companies add column ask_feedback boolean not null default false;
alter table companies add column review_url text
  check (review_url is null or (review_url like 'https://%' and char_length(review_url) <= 500));

-- One rating link per visit, texted when staff mark it Done. The link's token is the capability
-- (the phone may not hold the identity that joined: a kiosk or desk walk-in), so only its SHA-256
-- is kept. The rating stays with the visit (Insights count it, as they count the anonymised
-- visit); the comment is personal data and goes with the visit's name and number (docs/privacy.md).
create table visit_feedback (
  wait_id uuid primary key references wait_entries (id) on delete cascade,
  company_id text not null references companies (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  rating smallint check (rating between 1 and 5),
  comment text check (char_length(comment) <= 1000),
  rated_at timestamptz,
  created_at timestamptz not null default now(),
  -- Set by Forget me, the owner's erase and the retention pass: the comment is gone and the link
  -- no longer opens.
  erased_at timestamptz
);
