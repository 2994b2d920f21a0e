CREATE TABLE "ledger_totals" (
	"quarter" timestamp with time zone NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "ledger_totals_quarter_kind_pk" PRIMARY KEY("quarter","kind")
);
--> statement-breakpoint
CREATE TABLE "sales_totals" (
	"order_date" date NOT NULL,
	"food_item_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"portions" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_totals_order_date_food_item_id_pk" PRIMARY KEY("order_date","food_item_id")
);
--> statement-breakpoint
DROP INDEX "wallet_transactions_user_id_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_id_idx" ON "wallet_transactions" USING btree ("user_id","created_at","id","balance_after");--> statement-breakpoint
-- The reports' totals follow every write of orders and of the ledger, a statement at a time, from
-- the rows it changed (transition tables); a key left with nothing is deleted, so the totals hold
-- exactly the keys the rows make, and a change that nets nothing (a step from Besig to Gereed)
-- writes nothing. Keys are taken in one order, so writers that meet wait
-- for each other instead of deadlocking.
CREATE FUNCTION sales_totals_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_totals AS s (order_date, food_item_id, orders, portions, amount)
    SELECT order_date, food_item_id, sum(orders), sum(portions), sum(amount)
    FROM (SELECT order_date, food_item_id, 1 AS orders, food_item_quantity AS portions, food_item_price * food_item_quantity AS amount FROM added WHERE status NOT IN ('cancelled', 'failed')) AS change
    GROUP BY order_date, food_item_id
    HAVING sum(orders) <> 0 OR sum(portions) <> 0 OR sum(amount) <> 0
    ORDER BY order_date, food_item_id
    ON CONFLICT (order_date, food_item_id) DO UPDATE SET orders = s.orders + excluded.orders, portions = s.portions + excluded.portions, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO sales_totals AS s (order_date, food_item_id, orders, portions, amount)
    SELECT order_date, food_item_id, sum(orders), sum(portions), sum(amount)
    FROM (SELECT order_date, food_item_id, 1 AS orders, food_item_quantity AS portions, food_item_price * food_item_quantity AS amount FROM added WHERE status NOT IN ('cancelled', 'failed')
      UNION ALL SELECT order_date, food_item_id, -1 AS orders, -food_item_quantity AS portions, -(food_item_price * food_item_quantity) AS amount FROM removed WHERE status NOT IN ('cancelled', 'failed')) AS change
    GROUP BY order_date, food_item_id
    HAVING sum(orders) <> 0 OR sum(portions) <> 0 OR sum(amount) <> 0
    ORDER BY order_date, food_item_id
    ON CONFLICT (order_date, food_item_id) DO UPDATE SET orders = s.orders + excluded.orders, portions = s.portions + excluded.portions, amount = s.amount + excluded.amount;
    DELETE FROM sales_totals s USING removed r
    WHERE s.order_date = r.order_date AND s.food_item_id = r.food_item_id AND s.orders = 0;
  ELSE
    INSERT INTO sales_totals AS s (order_date, food_item_id, orders, portions, amount)
    SELECT order_date, food_item_id, sum(orders), sum(portions), sum(amount)
    FROM (SELECT order_date, food_item_id, -1 AS orders, -food_item_quantity AS portions, -(food_item_price * food_item_quantity) AS amount FROM removed WHERE status NOT IN ('cancelled', 'failed')) AS change
    GROUP BY order_date, food_item_id
    HAVING sum(orders) <> 0 OR sum(portions) <> 0 OR sum(amount) <> 0
    ORDER BY order_date, food_item_id
    ON CONFLICT (order_date, food_item_id) DO UPDATE SET orders = s.orders + excluded.orders, portions = s.portions + excluded.portions, amount = s.amount + excluded.amount;
    DELETE FROM sales_totals s USING removed r
    WHERE s.order_date = r.order_date AND s.food_item_id = r.food_item_id AND s.orders = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_insert" AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sales_totals_follow();--> statement-breakpoint
CREATE TRIGGER "sales_totals_update" AFTER UPDATE ON "orders"
REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sales_totals_follow();--> statement-breakpoint
CREATE TRIGGER "sales_totals_delete" AFTER DELETE ON "orders"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION sales_totals_follow();--> statement-breakpoint
CREATE FUNCTION ledger_totals_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_totals AS l (quarter, kind, amount, count)
    SELECT quarter, kind, sum(amount), sum(count)
    FROM (SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') AS quarter, kind, amount, 1 AS count FROM added) AS change
    GROUP BY quarter, kind
    HAVING sum(count) <> 0 OR sum(amount) <> 0
    ORDER BY quarter, kind
    ON CONFLICT (quarter, kind) DO UPDATE SET amount = l.amount + excluded.amount, count = l.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO ledger_totals AS l (quarter, kind, amount, count)
    SELECT quarter, kind, sum(amount), sum(count)
    FROM (SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') AS quarter, kind, amount, 1 AS count FROM added
      UNION ALL SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') AS quarter, kind, -amount AS amount, -1 AS count FROM removed) AS change
    GROUP BY quarter, kind
    HAVING sum(count) <> 0 OR sum(amount) <> 0
    ORDER BY quarter, kind
    ON CONFLICT (quarter, kind) DO UPDATE SET amount = l.amount + excluded.amount, count = l.count + excluded.count;
    DELETE FROM ledger_totals l USING removed r
    WHERE l.quarter = date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00+00') AND l.kind = r.kind AND l.count = 0;
  ELSE
    INSERT INTO ledger_totals AS l (quarter, kind, amount, count)
    SELECT quarter, kind, sum(amount), sum(count)
    FROM (SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') AS quarter, kind, -amount AS amount, -1 AS count FROM removed) AS change
    GROUP BY quarter, kind
    HAVING sum(count) <> 0 OR sum(amount) <> 0
    ORDER BY quarter, kind
    ON CONFLICT (quarter, kind) DO UPDATE SET amount = l.amount + excluded.amount, count = l.count + excluded.count;
    DELETE FROM ledger_totals l USING removed r
    WHERE l.quarter = date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00+00') AND l.kind = r.kind AND l.count = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_totals_insert" AFTER INSERT ON "wallet_transactions"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_follow();--> statement-breakpoint
CREATE TRIGGER "ledger_totals_update" AFTER UPDATE ON "wallet_transactions"
REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_follow();--> statement-breakpoint
CREATE TRIGGER "ledger_totals_delete" AFTER DELETE ON "wallet_transactions"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_follow();--> statement-breakpoint
-- What is there already.
INSERT INTO sales_totals (order_date, food_item_id, orders, portions, amount)
SELECT order_date, food_item_id, count(*), sum(food_item_quantity), sum(food_item_price * food_item_quantity)
FROM orders WHERE status NOT IN ('cancelled', 'failed')
GROUP BY order_date, food_item_id;--> statement-breakpoint
INSERT INTO ledger_totals (quarter, kind, amount, count)
SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00'), kind, sum(amount), count(*)
FROM wallet_transactions
GROUP BY 1, 2;
