CREATE TABLE "canteen_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"cutoff_time" text DEFAULT '09:00' NOT NULL,
	"cutoff_days_before" smallint DEFAULT 0 NOT NULL,
	"weeks_ahead" smallint DEFAULT 2 NOT NULL,
	"max_quantity" smallint DEFAULT 5 NOT NULL,
	"low_balance_threshold" numeric(10, 2) DEFAULT '50.00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "canteen_settings_one_row" CHECK ("canteen_settings"."id" = 1),
	CONSTRAINT "canteen_settings_cutoff_time" CHECK ("canteen_settings"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "canteen_settings_cutoff_days" CHECK ("canteen_settings"."cutoff_days_before" between 0 and 5),
	CONSTRAINT "canteen_settings_weeks_ahead" CHECK ("canteen_settings"."weeks_ahead" between 1 and 8),
	CONSTRAINT "canteen_settings_max_quantity" CHECK ("canteen_settings"."max_quantity" between 1 and 20),
	CONSTRAINT "canteen_settings_low_balance" CHECK ("canteen_settings"."low_balance_threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The one row of rules, with the defaults (decision 0021).
INSERT INTO "canteen_settings" ("id") VALUES (1);
