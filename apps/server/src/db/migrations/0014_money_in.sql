CREATE TYPE "public"."bank_credit_status" AS ENUM('matched', 'review', 'unallocated', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."statement_bank" AS ENUM('fnb', 'absa', 'standard_bank', 'nedbank', 'capitec', 'ofx');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'cash';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'card';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'eft';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'correction';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'reversal';--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"line" integer NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" text NOT NULL,
	"status" "bank_credit_status" NOT NULL,
	"user_id" uuid,
	"hint" text,
	"dismiss_reason" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "bank_credits_amount_positive" CHECK ("bank_credits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" "statement_bank" NOT NULL,
	"account" text,
	"file_name" text,
	"line_count" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "bank_credit_id" bigint;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credits_fingerprint_key" ON "bank_credits" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_credits_status_idx" ON "bank_credits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_bank_credit_key" ON "wallet_transactions" USING btree ("bank_credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_reverses_key" ON "wallet_transactions" USING btree ("reverses_id");