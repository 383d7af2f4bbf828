-- Issue 27, every customer in their own language (docs/languages.md): the business's language.
-- A page is in the reader's stored choice, else their browser's languages, else this; the kiosk
-- starts each guest in it, and a walk-in added at the desk is texted in it.
alter table companies add column language text not null default 'en'
  check (language in ('en', 'es', 'vi', 'zh-Hans'));
