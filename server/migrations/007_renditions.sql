-- Issue 11: every video in several renditions (students pay for every megabyte), captions in en and fr,
-- lessons brought in by `npm run content:import`, and resume positions kept on the student's account.

-- From now on media_file names a video's media stem: its renditions are <stem>-<quality>.mp4 and its captions
-- <stem>-<lang>.vtt, and one signed URL grant covers all of them.
UPDATE videos SET media_file = regexp_replace(media_file, '\.mp4$', '');

-- Titles in both languages (imported lessons have them); NULL keeps the single `title`.
ALTER TABLE videos ADD COLUMN title_en text;
ALTER TABLE videos ADD COLUMN title_fr text;

CREATE TABLE video_renditions (
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  quality text NOT NULL CHECK (quality IN ('saver', '360p', '480p')),
  media_file text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- Total bits per second of the file (video, audio and container), as ffprobe measures it.
  bitrate integer NOT NULL CHECK (bitrate > 0),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  duration_seconds double precision NOT NULL CHECK (duration_seconds > 0),
  PRIMARY KEY (video_id, quality)
);

CREATE TABLE video_captions (
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en', 'fr')),
  media_file text NOT NULL,
  PRIMARY KEY (video_id, lang)
);

-- One row per imported lesson: a re-run with the same fingerprint (source, captions, manifest entry) is a no-op.
CREATE TABLE content_imports (
  video_id text PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  source_name text NOT NULL,
  source_sha256 text NOT NULL,
  fingerprint text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- Where a student stopped, on the account, so it follows them between browser, PWA and native shell.
-- updated_at is when the student was there (the device's clock), so the newer position wins.
CREATE TABLE playback_positions (
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  position_seconds double precision NOT NULL CHECK (position_seconds >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (student_id, video_id)
);
