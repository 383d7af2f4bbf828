-- Issue 27: the business's own wording of its texts, per language (docs/languages.md). Before, one
-- wording per text, meant for the business's language: a business that changed its language sent
-- its old wording to customers of the new one. Now {"es": {"join": "…", "called": "…"}}: a
-- customer gets the wording of their language, else that language's default. Absent or empty: the
-- default.
alter table companies add column sms_texts jsonb not null default '{}'::jsonb;
update companies
   set sms_texts = jsonb_build_object(language,
         jsonb_strip_nulls(jsonb_build_object('join', sms_join_text, 'called', sms_called_text)))
 where sms_join_text is not null or sms_called_text is not null;
alter table companies drop column sms_join_text, drop column sms_called_text;
