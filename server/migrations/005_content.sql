-- Issue 8, the content areas. Books, scholarships, products and live TV channels get the fields their
-- screens need (a book's subject for its access rule, a scholarship's eligibility and study levels, a
-- product's pictures, a channel's own HLS stream). Until now these tables held the seed catalogue only
-- (nothing writes them and nothing references them), so they are rebuilt; the server seeds each content
-- table again when it finds it empty (server/seed/seed.ts).

DROP TABLE books;
CREATE TABLE books (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  author text NOT NULL,
  section text NOT NULL,
  level text NOT NULL,
  -- The subject whose access opens the book (a free subject opens it for everyone).
  subject_id text NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  cover_url text NOT NULL,
  -- A file name under the server's book folder, served only through a signed URL.
  file_name text NOT NULL,
  pages integer NOT NULL CHECK (pages > 0),
  language text NOT NULL CHECK (language IN ('en', 'fr')),
  -- Free to read even when its subject is paid (a sample, a formula sheet).
  is_free boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX books_subject ON books (subject_id);

DROP TABLE scholarships;
CREATE TABLE scholarships (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  provider text NOT NULL,
  -- ISO 3166-1 alpha-2 code of the host country, or 'INTL' for programmes in several countries.
  country text NOT NULL,
  -- Study levels it funds: 'secondary', 'bachelor', 'master', 'phd'.
  levels text[] NOT NULL,
  amount_en text NOT NULL,
  amount_fr text NOT NULL,
  -- The last moment an application is accepted.
  deadline timestamptz NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  eligibility_en text NOT NULL,
  eligibility_fr text NOT NULL,
  url text NOT NULL,
  picture_url text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

DROP TABLE products;
CREATE TABLE products (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  category text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  -- The first picture is the product's card picture.
  picture_urls text[] NOT NULL CHECK (cardinality(picture_urls) > 0),
  sort_order integer NOT NULL DEFAULT 0
);

DROP TABLE live_tv_channels;
CREATE TABLE live_tv_channels (
  id text PRIMARY KEY,
  name text NOT NULL,
  title_en text NOT NULL,
  title_fr text NOT NULL,
  description_en text NOT NULL,
  description_fr text NOT NULL,
  language text NOT NULL,
  logo_url text NOT NULL,
  -- True for a channel this server plays out itself (server/seed/media/live/<id>/).
  local_stream boolean NOT NULL DEFAULT false,
  -- Otherwise an HLS playlist elsewhere with its bitrates (for the data shown before playing), or none at
  -- all: such a channel is only linked to, and plays on its own site.
  stream_url text,
  audio_stream_url text,
  video_kbps integer,
  audio_kbps integer,
  website_url text,
  sort_order integer NOT NULL DEFAULT 0
);
