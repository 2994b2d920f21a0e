-- A food item carries a version, raised by every save, as the people and the canteen's settings do
-- (0023); the food-item dialog names it (If-Match) and is refused as stale when another save came first
-- (decision 0057).
ALTER TABLE "food_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
