-- A wallet's payment reference (decision 0033): KAN, five characters of Crockford's base32 and a
-- check character, the one that makes the sum of d_i * 2^(5-i) over GF(32) (x^5 + x^2 + 1) zero,
-- as packages/domain/src/payment-reference.ts checks it.
CREATE SEQUENCE "payment_reference_seq";--> statement-breakpoint
CREATE FUNCTION payment_reference_check(body text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  total integer := 0;
BEGIN
  FOR i IN 1..length(body) LOOP
    total := total << 1;
    IF total & 32 <> 0 THEN total := total # 37; END IF;
    total := total # (strpos(alphabet, substr(body, i, 1)) - 1);
  END LOOP;
  total := total << 1;
  IF total & 32 <> 0 THEN total := total # 37; END IF;
  RETURN substr(alphabet, total + 1, 1);
END $$;--> statement-breakpoint
-- The next reference: the sequence's next number through n * a + b mod 2^25 (a odd, so no two
-- numbers give the same body), written in base32. No reference is made twice.
CREATE FUNCTION new_payment_reference() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  scrambled bigint := (nextval('payment_reference_seq') * 15485863 + 7340033) % 33554432;
  body text := '';
BEGIN
  FOR i IN 1..5 LOOP
    body := substr(alphabet, (scrambled % 32)::integer + 1, 1) || body;
    scrambled := scrambled / 32;
  END LOOP;
  RETURN 'KAN' || body || payment_reference_check(body);
END $$;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD COLUMN "bank_account_holder" text;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD COLUMN "bank_branch_code" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "payment_reference" text DEFAULT new_payment_reference() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_payment_reference_key" ON "wallets" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_bank_details" CHECK (num_nonnulls("canteen_settings"."bank", "canteen_settings"."bank_account_holder", "canteen_settings"."bank_account_number", "canteen_settings"."bank_branch_code") in (0, 4));--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_bank_account_number" CHECK ("canteen_settings"."bank_account_number" ~ '^[0-9]{6,16}$');--> statement-breakpoint
ALTER TABLE "canteen_settings" ADD CONSTRAINT "canteen_settings_bank_branch_code" CHECK ("canteen_settings"."bank_branch_code" ~ '^[0-9]{6}$');--> statement-breakpoint
-- Every account has a wallet (and so a reference), also one made before wallets came with accounts.
INSERT INTO "wallets" ("user_id") SELECT "id" FROM "users" WHERE "id" NOT IN (SELECT "user_id" FROM "wallets");
