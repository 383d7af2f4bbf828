-- Issue 24 item 7, party size (docs/party-size.md). The business's largest party a customer may
-- join with; 1 (the default) and the join form does not ask.
alter table companies add column largest_party smallint not null default 1
  check (largest_party between 1 and 8);

-- A party joins as one wait entry per person, written by the join's own statement, one after the
-- other in line. party_id is the lead's id (the lead has position 1), party_size how many joined
-- together. All three null for a party of one, as every entry from before this migration is.
alter table wait_entries add column party_id uuid;
alter table wait_entries add column party_position smallint;
alter table wait_entries add column party_size smallint;
alter table wait_entries add constraint wait_entries_party check (
  (party_id is null and party_position is null and party_size is null)
  or (party_id is not null and party_size between 2 and 8 and party_position between 1 and party_size));
-- The customer's Leave, "I need more time" and "I'm here" reach the party's members through this.
create index wait_entries_party_idx on wait_entries (party_id) where party_id is not null;

-- Joins of one phone number at one business (migrations/0006): a party is one join, its lead.
-- Its other members stand or fall with the lead written before them in the same statement (a
-- row-level trigger sees the statement's earlier rows): a lead refused here takes no members in.
create or replace function limit_joins_per_phone() returns trigger language plpgsql volatile as $$
declare
  allowed integer;
  recent integer;
begin
  if new.party_position > 1 then
    if exists (select 1 from wait_entries where id = new.party_id) then
      return new;
    end if;
    return null;
  end if;
  select joins_per_phone_per_hour into allowed from texting_limits;
  perform pg_advisory_xact_lock(7241003, hashtext(new.company_id || ' ' || new.phone_number));
  select count(*) into recent from wait_entries
   where company_id = new.company_id and phone_number = new.phone_number and date > now() - interval '1 hour'
     and (party_position is null or party_position = 1);
  if recent >= allowed then
    return null;
  end if;
  return new;
end
$$;
