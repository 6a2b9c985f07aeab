-- Issue 12: video and book lists are read a page at a time, in catalogue order and filtered on the server.
-- The video order is the subject's sort_order, then the lesson's position: subjects are walked in that
-- order and each subject's lessons read from videos_subject_position (001); a section filter reads this one.
CREATE INDEX subjects_catalogue_order ON subjects (sort_order, id);
CREATE INDEX videos_section_subject_position ON videos (section, subject_id, position, id);
CREATE INDEX books_catalogue_order ON books (sort_order, title_en, id);
