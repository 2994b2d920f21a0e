import { kantienStaffInput, kantienStaffUpdateInput } from "@kantien/domain/admin-data";
import { z } from "zod";
import { kantienStaff } from "../../db/schema";
import { defineResource } from "../data/resources";
import { writeEmployeeNumber } from "./service";

/** Employee numbers on the generic data API (decision 0014), written by the staff service. */
export const kantienStaffResource = defineResource("kantien_staff", {
  table: kantienStaff,
  id: "id",
  idSchema: z.uuid(),
  readable: { id: kantienStaff.id, kantien_employee_number: kantienStaff.kantienEmployeeNumber },
  filters: ["id", "kantien_employee_number"],
  search: ["kantien_employee_number"],
  sorts: ["kantien_employee_number"],
  defaultSort: "kantien_employee_number",
  access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
  createInput: kantienStaffInput,
  updateInput: kantienStaffUpdateInput,
  create: async (db, { input, writer }) => {
    await writeEmployeeNumber(db, {
      actorId: writer.actor.id,
      userId: input.id,
      verb: "create",
      employeeNumber: input.kantien_employee_number,
    });
    return input.id;
  },
  update: async (db, { id, input, writer }) => {
    await writeEmployeeNumber(db, {
      actorId: writer.actor.id,
      userId: String(id),
      verb: "update",
      employeeNumber: input.kantien_employee_number,
    });
  },
  remove: async (db, { id, writer }) => {
    await writeEmployeeNumber(db, { actorId: writer.actor.id, userId: String(id), verb: "delete" });
    return undefined;
  },
});
