-- Sales at the counter and their lines, a wallet's ledger row naming the sale it paid, a dish also
-- sold at the counter, and a counter item's image (docs/decisions/0071-the-counter-sells.md).
CREATE TABLE "counter_sale_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"food_item_id" uuid,
	"counter_item_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	CONSTRAINT "counter_sale_lines_one_item" CHECK (num_nonnulls("counter_sale_lines"."food_item_id", "counter_sale_lines"."counter_item_id") = 1),
	CONSTRAINT "counter_sale_lines_quantity_positive" CHECK ("counter_sale_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "counter_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"number" integer NOT NULL,
	"method" text NOT NULL,
	"customer_id" uuid,
	"total" numeric(10, 2) NOT NULL,
	"allergen_acknowledged" boolean DEFAULT false NOT NULL,
	"sold_by" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	CONSTRAINT "counter_sales_wallet_has_customer" CHECK (("counter_sales"."method" = 'wallet') = ("counter_sales"."customer_id" is not null)),
	CONSTRAINT "counter_sales_method" CHECK ("counter_sales"."method" in ('wallet', 'cash', 'card')),
	CONSTRAINT "counter_sales_total_positive" CHECK ("counter_sales"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "counter_items" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "sold_at_counter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "counter_sale_id" uuid;--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_sale_id_counter_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_food_item_id_food_items_id_fk" FOREIGN KEY ("food_item_id") REFERENCES "public"."food_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_counter_item_id_counter_items_id_fk" FOREIGN KEY ("counter_item_id") REFERENCES "public"."counter_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_sale_lines_sale_idx" ON "counter_sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "counter_sale_lines_food_item_idx" ON "counter_sale_lines" USING btree ("food_item_id") WHERE "counter_sale_lines"."food_item_id" is not null;--> statement-breakpoint
CREATE INDEX "counter_sale_lines_counter_item_idx" ON "counter_sale_lines" USING btree ("counter_item_id") WHERE "counter_sale_lines"."counter_item_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_sales_date_number_key" ON "counter_sales" USING btree ("date","number");--> statement-breakpoint
CREATE INDEX "counter_sales_customer_idx" ON "counter_sales" USING btree ("customer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_counter_sale_kind_key" ON "wallet_transactions" USING btree ("counter_sale_id","kind");