-- The reference server's schema: students and their sessions, the catalogue, videos and their reactions,
-- the content screens. Payments live in 002_payments.sql (payments module).

CREATE TABLE students (
  id text PRIMARY KEY,
  firstname text,
  lastname text,
  -- Stored lowercased so uniqueness ignores case; NULL once the account is deleted.
  email text UNIQUE,
  username text UNIQUE,
  phonenumber text UNIQUE,
  password_hash text,
  role text NOT NULL DEFAULT 'STUDENT',
  profile_picture text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped to revoke every token of the student at once (all-device logout, password change, deletion).
  token_version integer NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subjects (
  id text PRIMARY KEY,
  subject_title text NOT NULL UNIQUE,
  picture_url text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  section text NOT NULL CHECK (section IN ('anglophone', 'francophone', 'diploma-exams', 'competitive-exams', 'extra-curricular')),
  level text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE subject_access (
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  subject_id text NOT NULL REFERENCES subjects (id),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (student_id, subject_id)
);

CREATE TABLE videos (
  id text PRIMARY KEY,
  subject_id text NOT NULL REFERENCES subjects (id),
  title text NOT NULL,
  subsection text NOT NULL,
  level text NOT NULL,
  section text NOT NULL,
  description text NOT NULL,
  thumbnail_url text NOT NULL,
  media_file text NOT NULL,
  duration_seconds integer NOT NULL,
  views integer NOT NULL DEFAULT 0,
  likes integer NOT NULL DEFAULT 0,
  dislikes integer NOT NULL DEFAULT 0,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX videos_subject_position ON videos (subject_id, position);

CREATE TABLE video_reactions (
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('like', 'dislike')),
  PRIMARY KEY (video_id, student_id)
);

CREATE TABLE video_views (
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_views_lookup ON video_views (video_id, student_id, viewed_at);

CREATE TABLE comments (
  id text PRIMARY KEY,
  video_id text NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  -- NULL (with username NULL) once the author deleted the account: the text stays, the authorship goes.
  student_id text REFERENCES students (id) ON DELETE SET NULL,
  username text,
  text text NOT NULL,
  likes integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_video ON comments (video_id, created_at);

CREATE TABLE comment_likes (
  comment_id text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  PRIMARY KEY (comment_id, student_id)
);

CREATE TABLE books (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  author text NOT NULL,
  section text NOT NULL,
  level text NOT NULL,
  subject_title text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  cover_url text NOT NULL,
  file_url text NOT NULL,
  pages integer NOT NULL,
  language text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE scholarships (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  provider text NOT NULL,
  country text NOT NULL,
  level text NOT NULL,
  amount text NOT NULL,
  deadline date NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  url text NOT NULL,
  picture_url text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE happenings (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  body_en text NOT NULL,
  body_fr text NOT NULL,
  picture_url text NOT NULL,
  happened_at timestamptz NOT NULL
);

CREATE TABLE products (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  category text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  stock integer NOT NULL DEFAULT 0,
  picture_url text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE live_tv_channels (
  id text PRIMARY KEY,
  name text NOT NULL,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  language text NOT NULL,
  logo_url text NOT NULL,
  stream_url text,
  website_url text,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE push_tokens (
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  token text NOT NULL,
  platform text NOT NULL CHECK (platform IN ('android', 'ios')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (student_id, token)
);
