-- Pickup numbers (decision 0035): each order's number on its day, 1, 2, 3…, given at insert by a
-- trigger from one counter row per day, so two orders made at once never share a number.
CREATE TABLE "order_pickup_counters" (
	"order_date" date PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_number_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_number" integer;--> statement-breakpoint
-- Existing orders are numbered per day in the order they were made.
UPDATE "orders" SET "pickup_number" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "order_date" ORDER BY "created_at", "id") AS n FROM "orders"
) AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "order_pickup_counters" ("order_date", "last_number")
SELECT "order_date", max("pickup_number") FROM "orders" GROUP BY "order_date";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pickup_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pickup_number_key" ON "orders" USING btree ("order_date","pickup_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_number_positive" CHECK ("orders"."pickup_number" > 0);--> statement-breakpoint
-- The day's next number. The counter row is locked until the order's transaction ends, so the
-- numbers of one day are given one at a time; a day's first counter starts after any number
-- already on that day (orders loaded with their own numbers).
CREATE FUNCTION next_pickup_number() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pickup_number IS NULL THEN
    INSERT INTO order_pickup_counters AS c (order_date, last_number)
    VALUES (
      NEW.order_date,
      (SELECT coalesce(max(pickup_number), 0) + 1 FROM orders WHERE order_date = NEW.order_date)
    )
    ON CONFLICT (order_date) DO UPDATE SET last_number = c.last_number + 1
    RETURNING last_number INTO NEW.pickup_number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_pickup_number" BEFORE INSERT ON "orders"
FOR EACH ROW EXECUTE FUNCTION next_pickup_number();
