ALTER TABLE "wallet_transactions" ADD COLUMN "balance_after" numeric(12, 2);--> statement-breakpoint
-- Existing rows get their running balance, oldest first per wallet.
UPDATE "wallet_transactions" t SET "balance_after" = r.running
FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS running
  FROM "wallet_transactions"
) r
WHERE r."id" = t."id";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "reason" text;
