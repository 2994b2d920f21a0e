DROP INDEX "food_items_menu_day_key";--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "food_items_menu_day_key" ON "food_items" USING btree ("weekly_menu_id","day_of_week") WHERE "food_items"."retired_at" is null;