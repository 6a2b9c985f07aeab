-- Issue 18: the language the student chose, saved with the account so that the next login on any device
-- restores it, and so that the server's messages and mails use it. NULL: never chosen (the browser's
-- languages, or Accept-Language, decide).
ALTER TABLE students ADD COLUMN language text CHECK (language IN ('en', 'fr'));
