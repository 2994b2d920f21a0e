CREATE TABLE "day_closes" (
	"date" date PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"report_json" text NOT NULL,
	"hash" text NOT NULL,
	"previous_hash" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_closes_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_transactions_created_at_idx" ON "wallet_transactions" USING btree ("created_at");