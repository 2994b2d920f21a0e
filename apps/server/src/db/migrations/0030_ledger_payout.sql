-- Money paid back out of a wallet to a bank account: a leaving learner's balance refunded to
-- whoever paid it (decision 0068).
ALTER TYPE "public"."ledger_kind" ADD VALUE 'payout';