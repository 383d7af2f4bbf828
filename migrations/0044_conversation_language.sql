-- Issue 27: a join by text speaks the language of the keyword it began with (UNIRSE, THAMGIA,
-- 排队…), else the business's; kept on the conversation so its later answers, and the visit it
-- makes (wait_entries.language), speak it too. Null: the business's (companies.language).
alter table sms_conversations add column language text check (language in ('en', 'es', 'vi', 'zh-Hans'));
