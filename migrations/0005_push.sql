-- Web Push (VAPID). The server's key pair is made on first start and kept here, unless set by env.
create table app_settings (
  key text primary key,
  value text not null
);

-- The spec's push token record (per company-client and user: token and date), as a standard Web
-- Push subscription. A 404 or 410 from the push service deletes it.
create table push_subscriptions (
  endpoint text primary key,
  company_id text not null references companies (id) on delete cascade,
  customer_id uuid not null references customers (id) on delete cascade,
  p256dh text not null,
  auth text not null,
  date timestamptz not null default now()
);
create index push_subscriptions_customer on push_subscriptions (customer_id, company_id);
