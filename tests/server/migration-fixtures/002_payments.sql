-- Payments at schema 002: Amina's settled and granted one, Brice's still pending, and one kept anonymised
-- after its payer deleted the account.
INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status, reason, financial_transaction_id, created_at, settled_at, granted_at) VALUES
  ('0b6c2f1e-9a1d-4c3e-8f2a-1d2e3f4a5b6c', 'ORDER_stu-amina_1756714500000', 'stu-amina', '[{"subjectId":"ang-maths-f5","amount":1}]',
   2500, 'XAF', '237677123456', 'SUCCESSFUL', NULL, '1834567890', '2025-09-01T08:15:00Z', '2025-09-01T08:19:30Z', '2025-09-01T08:19:30Z'),
  ('5d2a9c4e-1b3f-4e6a-9c8d-7e6f5a4b3c2d', 'ORDER_stu-brice_1756921212000', 'stu-brice', '[{"subjectId":"fr-physique-tle","amount":2}]',
   6000, 'XAF', '237699000111', 'PENDING', NULL, NULL, '2025-09-03T17:40:12Z', NULL, NULL),
  ('7f8e9d0c-2b1a-4c3d-8e9f-0a1b2c3d4e5f', 'ORDER_stu-gone_1757066400000', NULL, '[{"subjectId":"ang-maths-f5","amount":1}]',
   2500, 'XAF', NULL, 'FAILED', 'APPROVAL_REJECTED', NULL, '2025-09-05T10:00:00Z', '2025-09-05T10:01:00Z', NULL);
