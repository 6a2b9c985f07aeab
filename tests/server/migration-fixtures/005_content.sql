-- The content tables as 005 rebuilt them, filled as the seed does.
INSERT INTO books (id, title_en, title_fr, author, section, level, subject_id, description_en, description_fr, cover_url, file_name, pages, language, is_free, sort_order) VALUES
  ('book-maths-f5', 'Maths Form 5', 'Maths Form 5', 'CAMAS', 'anglophone', 'Form 5', 'ang-maths-f5', 'The textbook.', 'Le manuel.',
   '/media/books/maths.webp', 'maths-f5.pdf', 212, 'en', false, 1);
INSERT INTO scholarships (id, title_en, title_fr, provider, country, levels, amount_en, amount_fr, deadline, description_en, description_fr, eligibility_en, eligibility_fr, url, picture_url, sort_order) VALUES
  ('sch-excellence', 'Excellence grant', 'Bourse d''excellence', 'MINESUP', 'CM', '{bachelor,master}', '500,000 FCFA', '500 000 FCFA',
   '2026-03-31T23:59:59+01:00', 'For top GCE results.', 'Pour les meilleurs résultats.', 'GCE A level, 3 papers.', 'GCE A level, 3 épreuves.',
   'https://example.cm/bourse', '/media/pictures/sch.webp', 1);
INSERT INTO products (id, title_en, title_fr, description_en, description_fr, category, price, stock, picture_urls, sort_order) VALUES
  ('prod-geometry-set', 'Geometry set', 'Boîte de géométrie', 'Compass and rulers.', 'Compas et règles.', 'supplies', 1500, 12,
   '{/media/pictures/geo.webp,/media/pictures/geo-2.webp}', 1);
INSERT INTO live_tv_channels (id, name, title_en, title_fr, description_en, description_fr, language, logo_url, local_stream, stream_url, audio_stream_url, video_kbps, audio_kbps, website_url, sort_order) VALUES
  ('studycam-live', 'StudyCam Live', 'StudyCam Live', 'StudyCam Direct', 'Lessons all day.', 'Des leçons toute la journée.', 'fr',
   '/media/pictures/live.webp', true, NULL, NULL, NULL, NULL, NULL, 1);
