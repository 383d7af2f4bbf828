-- Analytics intake (spec §7: screen views and the walk-in funnel events). Kept in our own
-- database so a business's insights never leave its server.
create table analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  params jsonb not null default '{}',
  visitor_id text not null,
  customer_id text,                              -- the analytics user id (anonymous customer), when known
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index analytics_events_name_time on analytics_events (name, occurred_at);
