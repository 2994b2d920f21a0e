-- A counter item whose stock carries over to the next days instead of being set per day
-- (docs/decisions/0070-counter-items.md).
ALTER TABLE "counter_items" ADD COLUMN "stock_carries" boolean DEFAULT false NOT NULL;