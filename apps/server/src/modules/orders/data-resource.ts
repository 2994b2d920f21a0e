import { z } from "zod";
import { orders } from "../../db/schema";
import { defineResource } from "../data/resources";

/**
 * Orders on the generic data API (decisions 0014 and 0028): read only. An order is placed (and
 * paid) through POST /api/orders, its status changed through PATCH /api/orders/:id/status, and
 * it is cancelled there, never deleted.
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
  access: { list: "staff", get: "staff" },
});
