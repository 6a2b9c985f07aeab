-- What a school's database held at schema 001: students (one deleted), a revoked session, a reset link, two
-- subjects and an access, lessons with reactions, views and comments (one whose author left), and the
-- content screens as the first seed filled them. Amina's password is correct-horse-battery.
INSERT INTO students (id, firstname, lastname, email, username, phonenumber, password_hash, role, profile_picture, created_at, token_version, deleted_at) VALUES
  ('stu-amina', 'Amina', 'Nkeng', 'amina@example.cm', 'amina', '237677123456',
   '$argon2id$v=19$m=19456,p=1,t=2$rqnzdnkFA07826f+vpvxOQ$BHRUGJ1tF8rlcsHb8XLoT/4dFozBvQmCFZ5VL3VyZu4',
   'STUDENT', '/media/uploads/8d6e1c2a-amina.webp', '2025-09-01T08:15:00Z', 2, NULL),
  ('stu-brice', 'Brice', 'Tchoua', 'brice@example.cm', 'brice', '237699000111',
   '$argon2id$v=19$m=19456,p=1,t=2$rqnzdnkFA07826f+vpvxOQ$BHRUGJ1tF8rlcsHb8XLoT/4dFozBvQmCFZ5VL3VyZu4',
   'STUDENT', NULL, '2025-09-03T17:40:12.123456Z', 0, NULL),
  ('stu-gone', NULL, NULL, NULL, NULL, NULL, NULL, 'STUDENT', NULL, '2025-09-05T10:00:00Z', 1, '2025-10-01T12:00:00Z');

INSERT INTO revoked_tokens (jti, expires_at) VALUES ('jti-amina-old-phone', '2026-12-31T00:00:00Z');
INSERT INTO password_resets (token_hash, student_id, expires_at, used_at, created_at) VALUES
  ('3b1f6c0d5e8a9b7c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4', 'stu-brice', '2025-09-04T18:40:00Z', NULL, '2025-09-04T17:40:00Z');

INSERT INTO subjects (id, subject_title, picture_url, price, section, level, description_en, description_fr, sort_order) VALUES
  ('ang-maths-f5', 'Mathematics Form 5', '/media/pictures/subject-maths.webp', 2500, 'anglophone', 'Form 5',
   'Algebra, geometry and statistics for the GCE O level.', 'Algèbre, géométrie et statistiques pour le GCE O level.', 1),
  ('fr-physique-tle', 'Physique Terminale', '/media/pictures/subject-physics.webp', 3000, 'francophone', 'Terminale',
   'Mechanics and electricity for the baccalauréat.', 'Mécanique et électricité pour le baccalauréat.', 2);
INSERT INTO subject_access (student_id, subject_id, expires_at) VALUES
  ('stu-amina', 'ang-maths-f5', '2026-09-01T08:20:00Z');

INSERT INTO videos (id, subject_id, title, subsection, level, section, description, thumbnail_url, media_file, duration_seconds, views, likes, dislikes, position) VALUES
  ('vid-maths-1', 'ang-maths-f5', 'Quadratic equations', 'Algebra', 'Form 5', 'anglophone', 'Solving by factorisation.',
   '/media/thumbnails/maths-1.webp', 'maths-1.mp4', 754, 12, 3, 0, 1),
  ('vid-phys-1', 'fr-physique-tle', 'Les lois de Newton', 'Mécanique', 'Terminale', 'francophone', 'Les trois lois.',
   '/media/thumbnails/phys-1.webp', 'phys-1.mp4', 1210, 4, 1, 1, 1);
INSERT INTO video_reactions (video_id, student_id, kind) VALUES
  ('vid-maths-1', 'stu-amina', 'like'), ('vid-phys-1', 'stu-brice', 'dislike');
INSERT INTO video_views (video_id, student_id, viewed_at) VALUES
  ('vid-maths-1', 'stu-amina', '2025-09-02T19:00:00Z'), ('vid-maths-1', 'stu-amina', '2025-09-03T19:05:00Z'),
  ('vid-phys-1', 'stu-brice', '2025-09-04T06:30:00Z');
INSERT INTO comments (id, video_id, student_id, username, text, likes, created_at) VALUES
  ('cmt-1', 'vid-maths-1', 'stu-amina', 'amina', 'Merci ! The factorisation part finally makes sense.', 1, '2025-09-02T19:20:00Z'),
  ('cmt-2', 'vid-maths-1', NULL, NULL, 'Can you do one on completing the square?', 0, '2025-09-06T08:00:00Z');
INSERT INTO comment_likes (comment_id, student_id) VALUES ('cmt-1', 'stu-brice');

INSERT INTO books (id, title_en, title_fr, author, section, level, subject_title, description_en, description_fr, cover_url, file_url, pages, language, sort_order) VALUES
  ('book-1', 'Maths Form 5', 'Maths Form 5', 'CAMAS', 'anglophone', 'Form 5', 'Mathematics Form 5', 'The textbook.', 'Le manuel.',
   '/media/books/maths.webp', '/media/books/maths.pdf', 212, 'en', 1);
INSERT INTO scholarships (id, title_en, title_fr, provider, country, level, amount, deadline, description_en, description_fr, url, picture_url, sort_order) VALUES
  ('sch-1', 'Excellence grant', 'Bourse d''excellence', 'MINESUP', 'CM', 'bachelor', '500 000 FCFA', '2026-03-31',
   'For top GCE results.', 'Pour les meilleurs résultats.', 'https://example.cm/bourse', '/media/pictures/sch.webp', 1);
INSERT INTO happenings (id, title_en, title_fr, body_en, body_fr, picture_url, happened_at) VALUES
  ('hap-1', 'New lessons', 'Nouvelles leçons', 'Physics is here.', 'La physique est là.', '/media/pictures/hap.webp', '2025-09-01T00:00:00Z');
INSERT INTO products (id, title_en, title_fr, description_en, description_fr, category, price, stock, picture_url, sort_order) VALUES
  ('prod-old', 'Geometry set', 'Boîte de géométrie', 'Compass and rulers.', 'Compas et règles.', 'supplies', 1500, 12, '/media/pictures/geo.webp', 1);
INSERT INTO live_tv_channels (id, name, title_en, title_fr, description_en, description_fr, language, logo_url, stream_url, website_url, sort_order) VALUES
  ('crtv', 'CRTV', 'CRTV', 'CRTV', 'National channel.', 'Chaîne nationale.', 'fr', '/media/pictures/crtv.webp', NULL, 'https://crtv.cm', 1);
INSERT INTO push_tokens (student_id, token, platform, updated_at) VALUES
  ('stu-amina', 'fcm-token-amina-phone', 'android', '2025-09-02T19:00:00Z');
