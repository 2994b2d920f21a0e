-- The most one wallet sale may be while the counter is offline
-- (docs/decisions/0073-the-counter-offline.md).
ALTER TABLE "canteen_settings" ADD COLUMN "offline_sale_limit" numeric(10, 2) DEFAULT '50.00' NOT NULL;