-- Issue 20, access codes: a second door beside mobile money. The operator makes a batch of codes (printed
-- cards a bookshop sells, or one code a school hands to a class); a student redeems one and gets access to
-- its subjects exactly as a payment gives it (subject_access, extended from the current expiry).

CREATE TABLE code_batches (
  id text PRIMARY KEY,
  -- The operator's name for it ("Lycée de Buea 2026"): how the command line and the transactions tab say it.
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  -- Either subjects (their ids) or a whole section, whose subjects are taken when a code is redeemed.
  subject_ids jsonb CHECK (subject_ids IS NULL OR (jsonb_typeof(subject_ids) = 'array' AND jsonb_array_length(subject_ids) > 0)),
  section text CHECK (section IN ('anglophone', 'francophone', 'diploma-exams', 'competitive-exams', 'extra-curricular')),
  days integer NOT NULL CHECK (days BETWEEN 1 AND 3650),
  -- 1: a card for one student; more: a class code, each student once.
  seats integer NOT NULL CHECK (seats BETWEEN 1 AND 1000),
  -- The codes are refused from this moment on (cards printed for one school year); NULL: never.
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((subject_ids IS NULL) <> (section IS NULL))
);

CREATE TABLE access_codes (
  -- HMAC-SHA256 of the code as printed, keyed with CODES_SECRET (kept outside the database): a copy of the
  -- database does not give the codes, and a code is found by its hash. The clear code is only ever in the
  -- answer that made it (the operator's CSV and cards).
  code_hash text PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  batch_id text NOT NULL REFERENCES code_batches (id),
  -- Taken one by one by a conditional update in the redemption's transaction: never below zero.
  seats_left integer NOT NULL CHECK (seats_left >= 0),
  revoked_at timestamptz
);
CREATE INDEX access_codes_batch ON access_codes (batch_id);

CREATE TABLE code_redemptions (
  id text PRIMARY KEY,
  code_hash text NOT NULL REFERENCES access_codes (code_hash),
  -- NULL once the student deleted the account: the seat stays taken.
  student_id text REFERENCES students (id) ON DELETE SET NULL,
  -- [{subjectId, expiresAt}]: what this redemption gave, each subject's expiry after it.
  granted jsonb NOT NULL CHECK (jsonb_typeof(granted) = 'array'),
  days integer NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  -- Each student once per code (a class code's seats are for different students).
  UNIQUE (code_hash, student_id)
);
CREATE INDEX code_redemptions_student ON code_redemptions (student_id, redeemed_at DESC);
