CREATE TABLE "order_event_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_event_counter_one_row" CHECK ("order_event_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_user_id_idx" ON "order_events" USING btree ("user_id","id");--> statement-breakpoint
-- The counter's one row; numbers start after 0.
INSERT INTO "order_event_counter" ("id", "last_id") VALUES (1, 0);
