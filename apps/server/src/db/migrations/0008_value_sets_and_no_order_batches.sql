-- The ledger's kinds are an enum built from the domain's LEDGER_KINDS (decision 0017).
CREATE TYPE "public"."ledger_kind" AS ENUM('top_up', 'order', 'refund');--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "kind" SET DATA TYPE "public"."ledger_kind" USING "kind"::"public"."ledger_kind";--> statement-breakpoint
-- Nothing ever created order batches; orders carry their own status (decision 0017).
ALTER TABLE "orders" DROP CONSTRAINT "orders_order_batch_id_order_batches_order_id_fk";--> statement-breakpoint
DROP INDEX "orders_order_batch_id_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "order_batch_id";--> statement-breakpoint
DROP TABLE "order_batches";
