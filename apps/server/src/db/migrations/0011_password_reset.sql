ALTER TYPE "public"."attempt_kind" ADD VALUE 'password_reset';--> statement-breakpoint
ALTER TYPE "public"."auth_token_purpose" ADD VALUE 'reset_password';