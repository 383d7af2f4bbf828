-- Issue 24 item 7: up to three questions of the business's own that customers answer when they
-- join ("Stylist preference", "Allergies"; docs/join-fields.md). The definitions, in order:
-- [{ "id", "label", "required", "maxLength" }], read with the company row the join already reads.
alter table companies add column join_fields jsonb not null default '[]'::jsonb;
-- A visit's answers as they were asked: [{ "id", "label", "value" }], so the board still shows a
-- past answer's question after the owner removed or renamed it. Null when there was nothing to
-- answer; blanked with the visit's name and phone by the retention rule (privacy.repository.ts).
alter table wait_entries add column join_answers jsonb;
