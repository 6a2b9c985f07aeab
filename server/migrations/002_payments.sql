-- Mobile money payments (payments module). A row is written as PENDING before the provider is asked,
-- so a request lost mid-way is still known and can be reconciled by the next status read.

CREATE TABLE payments (
  -- The provider's X-Reference-Id (UUID v4), chosen by this server.
  reference_id text PRIMARY KEY CHECK (reference_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'),
  -- ORDER_{studentId}_{timestamp}; kept after anonymisation for accounting.
  external_id text NOT NULL,
  -- NULL once the student deleted the account: the payment is kept, anonymised, for accounting.
  student_id text REFERENCES students (id) ON DELETE SET NULL,
  -- [{subjectId, amount}] where amount is a number of access periods.
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0),
  total_cost integer NOT NULL CHECK (total_cost >= 0),
  currency text NOT NULL,
  -- Emptied with student_id on anonymisation.
  msisdn text,
  -- As the provider words it (PENDING, SUCCESSFUL, FAILED, …); the provider may add more.
  status text NOT NULL DEFAULT 'PENDING',
  reason text,
  financial_transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  -- Set exactly once, in the transaction that extends subject_access: the idempotency guard.
  granted_at timestamptz,
  CHECK (granted_at IS NULL OR status = 'SUCCESSFUL')
);

-- The transactions tab: a student's payments, newest first.
CREATE INDEX payments_student_created ON payments (student_id, created_at DESC);
-- Reconciliation: payments still waiting for the provider.
CREATE INDEX payments_pending ON payments (created_at) WHERE status = 'PENDING';
