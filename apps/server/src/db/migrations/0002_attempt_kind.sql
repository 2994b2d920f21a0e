CREATE TYPE "public"."attempt_kind" AS ENUM('login', 'signup');--> statement-breakpoint
DROP INDEX "login_attempts_email_idx";--> statement-breakpoint
DROP INDEX "login_attempts_ip_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "kind" "attempt_kind" DEFAULT 'login' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("kind","email","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("kind","ip","attempted_at");