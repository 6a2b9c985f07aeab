-- Schema 009: Brice's paid order of a geometry set for Bafoussam.
INSERT INTO payments (reference_id, external_id, student_id, items, total_cost, currency, msisdn, status, created_at, settled_at, granted_at, kind, start_key, provider_accepted_at) VALUES
  ('c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f', 'ORDER_stu-brice_1758000000000', 'stu-brice', '[]', 1500, 'XAF', '237699000111',
   'SUCCESSFUL', '2025-09-16T05:20:00Z', '2025-09-16T05:21:00Z', '2025-09-16T05:21:00Z', 'order', 'ORDER_stu-brice_1758000000000', '2025-09-16T05:20:01Z');
INSERT INTO orders (reference_id, product_id, quantity, unit_price, town, status, created_at, updated_at) VALUES
  ('c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f', 'prod-geometry-set', 1, 1500, 'Bafoussam', 'PAID', '2025-09-16T05:20:00Z', '2025-09-16T05:21:00Z');
UPDATE products SET stock = stock - 1 WHERE id = 'prod-geometry-set';
