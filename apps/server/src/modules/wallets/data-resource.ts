import { z } from "zod";
import { wallets } from "../../db/schema";
import { defineResource } from "../data/resources";

/** Wallets on the generic data API: read only. Balances move only through the ledger (decision 0011). */
export const walletResource = defineResource("wallet", {
  table: wallets,
  id: "user_id",
  idSchema: z.uuid(),
  readable: { user_id: wallets.userId, balance: wallets.balance },
  filters: ["user_id"],
  sorts: ["user_id", "balance"],
  defaultSort: "user_id",
  access: { list: "staff", get: "staff" },
});
