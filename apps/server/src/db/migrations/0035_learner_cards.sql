-- Learners' cards for the counter's scanner, one active card per learner
-- (docs/decisions/0072-learner-cards.md).
CREATE TABLE "learner_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"learner_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"blocked_at" timestamp with time zone,
	"blocked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "learner_cards" ADD CONSTRAINT "learner_cards_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_cards" ADD CONSTRAINT "learner_cards_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_cards" ADD CONSTRAINT "learner_cards_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_cards_active_key" ON "learner_cards" USING btree ("learner_id") WHERE "learner_cards"."blocked_at" is null;