-- Schema 003: a start made with an Idempotency-Key, the emulator's api user, token and transactions, and the
-- credentials the payments module provisioned on it.
INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status, created_at, start_key, idempotency_key, provider_accepted_at, next_check_at, check_attempts) VALUES
  ('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', 'ORDER_stu-amina_1757500000000', 'stu-amina', '[{"subjectId":"fr-physique-tle","amount":1}]',
   3000, 'XAF', '237677123456', 'PENDING', '2025-09-10T10:26:40Z', 'ORDER_stu-amina_1757500000000', 'idem-7c1e', '2025-09-10T10:26:41Z', '2025-09-10T10:29:00Z', 1);
INSERT INTO momo_client_credentials (provider, api_user, api_key, created_at) VALUES
  ('built-in', '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', 'key-0123456789abcdef', '2025-09-10T10:00:00Z');
INSERT INTO momo_sandbox_api_users (id, subscription_key, provider_callback_host, api_key) VALUES
  ('1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', 'sandbox-subscription-key', 'localhost', 'key-0123456789abcdef');
INSERT INTO momo_sandbox_tokens (access_token, api_user_id, subscription_key, expires_at_ms) VALUES
  ('token-abc', '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', 'sandbox-subscription-key', 1757503600000);
INSERT INTO momo_sandbox_transactions (reference_id, api_user_id, body, created_at_ms, settles_at_ms, failure_reason, financial_transaction_id, callback_url, callback_delivered) VALUES
  ('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
   '{"amount":"3000","currency":"XAF","externalId":"ORDER_stu-amina_1757500000000","payer":{"partyIdType":"MSISDN","partyId":"237677123456"},"payerMessage":"Subjects","payeeNote":"Physique"}',
   1757500001000, 1757500005000, NULL, '1834567999', NULL, false);
