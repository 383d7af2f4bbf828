-- Issue 27: texts in the customer's language. The language the customer joined in (the page's,
-- the kiosk's, or the one staff picked for a desk walk-in); null for visits from before, which are
-- texted in the business's language (companies.language, migrations/0040).
alter table wait_entries add column language text check (language in ('en', 'es', 'vi', 'zh-Hans'));
