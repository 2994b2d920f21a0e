import { clientInput, clientUpdateInput } from "@kantien/domain/admin-data";
import { z } from "zod";
import { clients } from "../../db/schema";
import { defineResource } from "../data/resources";
import { writeAcademyNumber } from "./service";

/** Academy numbers on the generic data API (decision 0014), written by the customers' service. */
export const clientResource = defineResource("client", {
  table: clients,
  id: "user_id",
  idSchema: z.uuid(),
  readable: { user_id: clients.userId, akd_number: clients.akdNumber },
  filters: ["user_id", "akd_number"],
  search: ["akd_number"],
  sorts: ["akd_number"],
  defaultSort: "akd_number",
  access: { list: "staff", get: "staff", create: "staff", update: "staff", delete: "admin" },
  createInput: clientInput,
  updateInput: clientUpdateInput,
  create: async (db, { input, writer }) => {
    await writeAcademyNumber(db, {
      actorRoleId: writer.actor.roleId,
      userId: input.user_id,
      verb: "create",
      akdNumber: input.akd_number,
    });
    return input.user_id;
  },
  update: async (db, { id, input, writer }) => {
    await writeAcademyNumber(db, {
      actorRoleId: writer.actor.roleId,
      userId: String(id),
      verb: "update",
      akdNumber: input.akd_number,
    });
  },
  remove: async (db, { id, writer }) => {
    await writeAcademyNumber(db, { actorRoleId: writer.actor.roleId, userId: String(id), verb: "delete" });
    return undefined;
  },
});
