-- Payments that survive replays, restarts and several server processes (payments module), and the
-- built-in MoMo sandbox emulator's state, kept in the database so that a restart forgets nothing.

-- A payment start is idempotent per student by its externalId (ORDER_{userId}_{timestamp}) and, when the
-- caller sends one, by its Idempotency-Key. Rows written before this migration keep NULL here: a replay
-- may already have stored several of them under one externalId, and they stay as they are for accounting.
ALTER TABLE payments ADD COLUMN start_key text;
ALTER TABLE payments ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX payments_student_start_key ON payments (student_id, start_key);
CREATE UNIQUE INDEX payments_student_idempotency_key ON payments (student_id, idempotency_key);

-- Set once the provider took the request to pay (202, or 409 for a reference it already has): until then
-- a replayed start may send it again under the same reference, which the provider deduplicates.
ALTER TABLE payments ADD COLUMN provider_accepted_at timestamptz;
-- The provider's "not found" is final only after a bounded re-check (a provider that restarted, or a
-- request still on its way, answers 404 for a while): the first such answer and how many followed.
ALTER TABLE payments ADD COLUMN not_found_since timestamptz;
ALTER TABLE payments ADD COLUMN not_found_reads integer NOT NULL DEFAULT 0;
-- The background reconciler's schedule: a claim pushes next_check_at forward (a lease), so processes
-- sharing the database never check the same payment at the same time.
ALTER TABLE payments ADD COLUMN next_check_at timestamptz;
ALTER TABLE payments ADD COLUMN check_attempts integer NOT NULL DEFAULT 0;

-- Payments that were accepted before this migration: the provider had them.
UPDATE payments SET provider_accepted_at = created_at WHERE reason IS DISTINCT FROM 'PROVIDER_UNCONFIRMED';

CREATE INDEX payments_to_reconcile ON payments (next_check_at)
  WHERE granted_at IS NULL AND (status IN ('PENDING', 'SUCCESSFUL') OR reason = 'PROVIDER_UNCONFIRMED');

-- The built-in sandbox's credentials, shared by every server process on this database (the emulator
-- keeps payments private to the api user that requested them, as the provider does).
CREATE TABLE momo_client_credentials (
  -- "built-in" for this server's own emulator (processes on other ports share it), else the base URL.
  provider text PRIMARY KEY,
  api_user text NOT NULL,
  api_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sandbox emulator (momo-sandbox module). Times are the emulator clock's milliseconds.
CREATE TABLE momo_sandbox_api_users (
  id text PRIMARY KEY,
  subscription_key text NOT NULL,
  provider_callback_host text NOT NULL,
  api_key text
);

CREATE TABLE momo_sandbox_tokens (
  access_token text PRIMARY KEY,
  api_user_id text NOT NULL REFERENCES momo_sandbox_api_users (id) ON DELETE CASCADE,
  subscription_key text NOT NULL,
  expires_at_ms bigint NOT NULL
);

CREATE TABLE momo_sandbox_transactions (
  reference_id text PRIMARY KEY,
  api_user_id text NOT NULL REFERENCES momo_sandbox_api_users (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  created_at_ms bigint NOT NULL,
  -- When FAILED or SUCCESSFUL becomes visible; NULL = stays PENDING forever.
  settles_at_ms bigint,
  failure_reason text,
  financial_transaction_id text NOT NULL,
  callback_url text,
  callback_delivered boolean NOT NULL DEFAULT false
);
