ALTER TABLE "canteen_settings" ADD COLUMN "kitchen_warn_minutes" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD COLUMN "kitchen_late_minutes" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_kitchen_warn" CHECK ("canteen_settings"."kitchen_warn_minutes" between 1 and 600);--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_kitchen_late" CHECK ("canteen_settings"."kitchen_late_minutes" between 1 and 600);--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_kitchen_order" CHECK ("canteen_settings"."kitchen_warn_minutes" < "canteen_settings"."kitchen_late_minutes");