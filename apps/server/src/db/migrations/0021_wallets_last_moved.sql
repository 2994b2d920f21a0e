ALTER TABLE "wallets" ADD COLUMN "last_moved_at" timestamp with time zone;--> statement-breakpoint
-- A wallet's last_moved_at stays at or after every one of its ledger rows, whatever writes them:
-- it only ever moves later.
CREATE FUNCTION wallets_last_moved_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets w SET last_moved_at = greatest(w.last_moved_at, moved.at)
  FROM (SELECT user_id, max(created_at) AS at FROM added GROUP BY user_id ORDER BY user_id) AS moved
  WHERE w.user_id = moved.user_id AND moved.at > coalesce(w.last_moved_at, '-infinity');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallets_last_moved_insert" AFTER INSERT ON "wallet_transactions"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION wallets_last_moved_follow();--> statement-breakpoint
CREATE TRIGGER "wallets_last_moved_update" AFTER UPDATE ON "wallet_transactions"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION wallets_last_moved_follow();--> statement-breakpoint
UPDATE wallets w SET last_moved_at = moved.at
FROM (SELECT user_id, max(created_at) AS at FROM wallet_transactions GROUP BY user_id) AS moved
WHERE w.user_id = moved.user_id;
--> statement-breakpoint
-- A wallet made after its first ledger rows (a seed, a copy) starts from them.
CREATE FUNCTION wallets_last_moved_start() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_moved_at := greatest(NEW.last_moved_at,
    (SELECT max(created_at) FROM wallet_transactions WHERE user_id = NEW.user_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallets_last_moved_start" BEFORE INSERT ON "wallets"
FOR EACH ROW EXECUTE FUNCTION wallets_last_moved_start();
