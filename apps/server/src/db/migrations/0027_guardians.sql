-- Learners and their guardians (decision 0068): role 5, the links between them and what was
-- changed, the learners' limits, a learner's date of birth and link code, and who paid a credit.
INSERT INTO "roles" ("role_id", "role_name") VALUES (5, 'OUER OF VOOG') ON CONFLICT ("role_id") DO NOTHING;--> statement-breakpoint
CREATE TYPE "public"."guardian_link_change" AS ENUM('linked', 'requested', 'approved', 'removed');--> statement-breakpoint
CREATE TYPE "public"."guardian_link_status" AS ENUM('active', 'pending');--> statement-breakpoint
CREATE TABLE "guardian_link_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guardian_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"change" "guardian_link_change" NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_links" (
	"guardian_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"status" "guardian_link_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "guardian_links_guardian_id_learner_id_pk" PRIMARY KEY("guardian_id","learner_id"),
	CONSTRAINT "guardian_links_not_self" CHECK ("guardian_links"."guardian_id" <> "guardian_links"."learner_id")
);
--> statement-breakpoint
CREATE TABLE "learner_limits" (
	"learner_id" uuid PRIMARY KEY NOT NULL,
	"daily_limit" numeric(12, 2),
	"weekly_limit" numeric(12, 2),
	"blocked_food_item_ids" uuid[] DEFAULT '{}' NOT NULL,
	"blocked_allergens" "allergen"[] DEFAULT '{}' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_limits_daily_non_negative" CHECK ("learner_limits"."daily_limit" >= 0),
	CONSTRAINT "learner_limits_weekly_non_negative" CHECK ("learner_limits"."weekly_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "link_code" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_limits" ADD CONSTRAINT "learner_limits_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_limits" ADD CONSTRAINT "learner_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_link_changes_learner_id_idx" ON "guardian_link_changes" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "guardian_links_learner_id_idx" ON "guardian_links" USING btree ("learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_primary_key" ON "guardian_links" USING btree ("learner_id") WHERE "guardian_links"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "clients_link_code_key" ON "clients" USING btree ("link_code");