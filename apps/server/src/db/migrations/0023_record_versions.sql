-- Each record two people or devices edit carries a version, raised by every save; a save names the
-- version it started from (If-Match) and is refused as stale when another came first (decision 0057).
ALTER TABLE "canteen_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;