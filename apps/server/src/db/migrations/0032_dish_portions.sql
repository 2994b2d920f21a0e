-- How many portions the kitchen makes of a dish for its day; null is no cap (docs/decisions/0069).
ALTER TABLE "food_items" ADD COLUMN "portions" integer;--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_portions_non_negative" CHECK ("food_items"."portions" >= 0);