import { orderStatusInput } from "@kantien/domain/admin-data";
import type { OrderStatus } from "@kantien/domain/order-status";
import { z } from "zod";
import { orders } from "../../db/schema";
import { defineResource } from "../data/resources";
import { changeOrderStatus } from "./service";

/**
 * Orders on the generic data API (decision 0014): read, and the status changed by the
 * order service, the kitchen's and the orders screen's one door. No create or delete here:
 * orders are placed (and paid) through POST /api/orders and cancelled, not deleted.
 */
export const orderResource = defineResource("order", {
  table: orders,
  id: "id",
  idSchema: z.uuid(),
  readable: {
    id: orders.id,
    user_id: orders.userId,
    food_item_id: orders.foodItemId,
    food_item_quantity: orders.foodItemQuantity,
    food_item_price: orders.foodItemPrice,
    status: orders.status,
    created_at: orders.createdAt,
    updated_at: orders.updatedAt,
    status_changed_at: orders.statusChangedAt,
    delivery_date: orders.deliveryDate,
  },
  filters: ["id", "user_id", "food_item_id", "status", "delivery_date"],
  sorts: ["created_at", "updated_at", "status_changed_at", "delivery_date", "status"],
  defaultSort: "-created_at",
  access: { list: "staff", get: "staff", update: "staff" },
  updateInput: orderStatusInput,
  update: async (db, { id, input, writer }) => {
    await changeOrderStatus(db, {
      orderId: String(id),
      to: input.status as OrderStatus,
      actor: writer.actor,
      now: writer.now,
    });
  },
});
