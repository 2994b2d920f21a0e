-- What the counter sells besides the week's menu, its stock per day, and every change of that stock
-- with why (docs/decisions/0070-counter-items.md).
CREATE TABLE "counter_item_stock" (
	"counter_item_id" uuid NOT NULL,
	"date" date NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "counter_item_stock_counter_item_id_date_pk" PRIMARY KEY("counter_item_id","date"),
	CONSTRAINT "counter_item_stock_non_negative" CHECK ("counter_item_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "counter_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"allergens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diet" "diet_tag"[] DEFAULT '{}' NOT NULL,
	"allergens_checked_by" uuid,
	"allergens_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_items_price_positive" CHECK ("counter_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "counter_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"counter_item_id" uuid NOT NULL,
	"date" date NOT NULL,
	"from_quantity" integer,
	"to_quantity" integer,
	"reason" text NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counter_item_stock" ADD CONSTRAINT "counter_item_stock_counter_item_id_counter_items_id_fk" FOREIGN KEY ("counter_item_id") REFERENCES "public"."counter_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_items" ADD CONSTRAINT "counter_items_allergens_checked_by_users_id_fk" FOREIGN KEY ("allergens_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_stock_changes" ADD CONSTRAINT "counter_stock_changes_counter_item_id_counter_items_id_fk" FOREIGN KEY ("counter_item_id") REFERENCES "public"."counter_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_stock_changes" ADD CONSTRAINT "counter_stock_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_items_name_key" ON "counter_items" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "counter_stock_changes_item_idx" ON "counter_stock_changes" USING btree ("counter_item_id","date");