-- Every correction of a dish's portions by an admin, with why, by the dish's day
-- (docs/decisions/0071-the-counter-sells.md).
CREATE TABLE "dish_portion_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"food_item_id" uuid NOT NULL,
	"date" date NOT NULL,
	"from_portions" integer,
	"to_portions" integer,
	"reason" text NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dish_portion_changes" ADD CONSTRAINT "dish_portion_changes_food_item_id_food_items_id_fk" FOREIGN KEY ("food_item_id") REFERENCES "public"."food_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_portion_changes" ADD CONSTRAINT "dish_portion_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dish_portion_changes_date_idx" ON "dish_portion_changes" USING btree ("date");