-- Issue 18: what the French screens need to say about content in its own language.
--
-- A book's author is shown in the student's language: a team credit ("StudyCam teachers") is the app's own
-- words and has both; a person's name is the same in both. The seed's two credits were one team, written
-- once in each language: both rows get the pair.
ALTER TABLE books RENAME COLUMN author TO author_en;
ALTER TABLE books ADD COLUMN author_fr text;
UPDATE books SET author_fr = author_en;
UPDATE books
   SET author_en = 'StudyCam teachers', author_fr = 'Équipe pédagogique StudyCam'
 WHERE author_en IN ('StudyCam teachers', 'Équipe pédagogique StudyCam');
ALTER TABLE books ALTER COLUMN author_fr SET NOT NULL;

-- The language a subject is taught in, which its title and level are written in: an anglophone course keeps
-- its English name in the French screens (docs/content-languages.md), marked as English for screen readers.
-- The existing subjects' language follows their sub-system: the GCE's in English, the francophone
-- sub-system's, its exams' and the entrance exams' in French; the extra-curricular courses are in English.
ALTER TABLE subjects ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr'));
UPDATE subjects
   SET language = 'fr'
 WHERE section IN ('francophone', 'competitive-exams')
    OR (section = 'diploma-exams' AND level NOT LIKE 'GCE%');

-- A scholarship's provider in each language: "UK Government" is "Gouvernement britannique" in French; an
-- organisation's own name stays (Campus France). The seed's providers get their French names.
ALTER TABLE scholarships RENAME COLUMN provider TO provider_en;
ALTER TABLE scholarships ADD COLUMN provider_fr text;
UPDATE scholarships SET provider_fr = CASE provider_en
    WHEN 'Mastercard Foundation' THEN 'Fondation Mastercard'
    WHEN 'Government of Türkiye' THEN 'Gouvernement de la Türkiye'
    WHEN 'China Scholarship Council' THEN 'Conseil chinois des bourses (CSC)'
    WHEN 'DAAD - German Academic Exchange Service' THEN 'DAAD - Office allemand d''échanges universitaires'
    WHEN 'UK Government' THEN 'Gouvernement britannique'
    WHEN 'Commonwealth Scholarship Commission' THEN 'Commission des bourses du Commonwealth'
    ELSE provider_en
  END;
ALTER TABLE scholarships ALTER COLUMN provider_fr SET NOT NULL;
