CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_date" date;--> statement-breakpoint
-- Existing orders: the delivery date, else the created date in the default canteen zone (decision 0007).
UPDATE "orders" SET "order_date" = coalesce("delivery_date", ("created_at" AT TIME ZONE 'Africa/Johannesburg')::date);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "food_items_name_trgm_idx" ON "food_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date","created_at","id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
