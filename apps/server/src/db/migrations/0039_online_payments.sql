-- Online top-ups (docs/decisions/0074): the ledger's kind 'online', the canteen's one row of payment
-- settings (secrets sealed by the server), and each payment at a provider, whose ids are unique.
CREATE TYPE "public"."online_payment_status" AS ENUM('pending', 'credited', 'failed', 'cancelled', 'flagged', 'refunded', 'test');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('simulator', 'payfast', 'yoco');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'online';--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"sandbox" boolean NOT NULL,
	"user_id" uuid NOT NULL,
	"paid_by" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"status" "online_payment_status" DEFAULT 'pending' NOT NULL,
	"checkout_id" text,
	"redirect_url" text,
	"provider_payment_id" text,
	"paid_amount" numeric(12, 2),
	"waiting_notice" text,
	"refund_id" text,
	"refunded_amount" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "online_payments_amount_positive" CHECK ("online_payments"."amount" > 0),
	CONSTRAINT "online_payments_fee_non_negative" CHECK ("online_payments"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" "payment_provider",
	"sandbox" boolean DEFAULT true NOT NULL,
	"min_amount" numeric(10, 2) DEFAULT '20.00' NOT NULL,
	"max_amount" numeric(10, 2) DEFAULT '2000.00' NOT NULL,
	"fee_fixed" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"fee_percent" numeric(5, 2) DEFAULT '0.00' NOT NULL,
	"merchant_id" text,
	"merchant_key" text,
	"passphrase" text,
	"secret_key" text,
	"webhook_secret" text,
	"simulator_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_amounts" CHECK ("payment_settings"."min_amount" > 0 and "payment_settings"."min_amount" <= "payment_settings"."max_amount"),
	CONSTRAINT "payment_settings_fees" CHECK ("payment_settings"."fee_fixed" >= 0 and "payment_settings"."fee_percent" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "online_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_provider_payment_key" ON "online_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_checkout_key" ON "online_payments" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE INDEX "online_payments_status_idx" ON "online_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "online_payments_user_id_idx" ON "online_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_online_payment_kind_key" ON "wallet_transactions" USING btree ("online_payment_id","kind");--> statement-breakpoint
INSERT INTO "payment_settings" ("id") VALUES (1);
