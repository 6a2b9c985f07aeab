-- Schema 007: an imported lesson's renditions and captions, and where Amina stopped in it.
INSERT INTO video_renditions (video_id, quality, media_file, width, height, bitrate, size_bytes, duration_seconds) VALUES
  ('vid-maths-1', 'saver', 'maths-1-saver.mp4', 426, 240, 131000, 12345678, 754.24),
  ('vid-maths-1', '360p', 'maths-1-360p.mp4', 640, 360, 290000, 27345678, 754.24);
INSERT INTO video_captions (video_id, lang, media_file) VALUES
  ('vid-maths-1', 'en', 'maths-1-en.vtt'), ('vid-maths-1', 'fr', 'maths-1-fr.vtt');
INSERT INTO content_imports (video_id, source_name, source_sha256, fingerprint, imported_at) VALUES
  ('vid-maths-1', 'quadratics.mov', 'a3f5c0e1b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6', 'fp-1', '2025-09-15T09:00:00Z');
INSERT INTO playback_positions (student_id, video_id, position_seconds, updated_at) VALUES
  ('stu-amina', 'vid-maths-1', 312.5, '2025-09-15T20:10:00.5+01:00');
