-- Issue 8, buying in the shop. An order is a mobile money payment whose line is a product: the payment row
-- (kind 'order') carries the money and every guarantee payments already have (idempotent start, settlement
-- exactly once, the reconciler), and the order row says what was bought, where it goes, and what became of
-- the items reserved for it.

ALTER TABLE payments ADD COLUMN kind text NOT NULL DEFAULT 'subjects' CHECK (kind IN ('subjects', 'order'));
-- A subject payment lists its subjects; an order's line is in orders.
ALTER TABLE payments DROP CONSTRAINT payments_items_check;
ALTER TABLE payments ADD CONSTRAINT payments_items_check
  CHECK (jsonb_typeof(items) = 'array' AND (kind = 'order' OR jsonb_array_length(items) > 0));

CREATE TABLE orders (
  -- One order per payment, named by the payment's reference id (the provider's X-Reference-Id).
  reference_id text PRIMARY KEY REFERENCES payments (reference_id),
  product_id text NOT NULL REFERENCES products (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  -- The price when the order was placed: the amount the provider is asked for is quantity × unit_price.
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  town text NOT NULL,
  -- RESERVED: the items are taken from stock while the payment is open. PAID: settled (in the grant's
  -- transaction). RELEASED: the payment ended without success and the items went back to stock, once.
  -- PAID_OUT_OF_STOCK: paid after its items had gone back and been sold meanwhile; a person refunds it.
  status text NOT NULL DEFAULT 'RESERVED'
    CHECK (status IN ('RESERVED', 'PAID', 'RELEASED', 'PAID_OUT_OF_STOCK')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_product ON orders (product_id);
