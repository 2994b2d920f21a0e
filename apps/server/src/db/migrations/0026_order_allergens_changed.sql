-- An open order whose dish's allergens an admin changed after it was ordered, giving it a new
-- allergy alert: its customer is told and may cancel it past the cut-off (decision 0041).
ALTER TABLE "orders" ADD COLUMN "allergens_changed_at" timestamp with time zone;
