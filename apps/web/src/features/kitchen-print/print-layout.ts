import type { KitchenOrder } from "@kantien/domain/kitchen";
import { kitchenColumnOf, type OrderStatus } from "@kantien/domain/order-status";

/** What the kitchen prints: the day's prep sheet, or one label per order. */
export const PRINT_SHEETS = ["prep", "labels"] as const;
export type PrintSheet = (typeof PRINT_SHEETS)[number];

/** The paper: A4 (sheets of labels, or a page) or the roll of an 80 mm receipt printer. */
export const PRINT_PAPERS = ["a4", "receipt"] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];

/**
 * An A4 sheet of 21 labels, 3 × 7 of 63.5 × 38.1 mm (the common L7160 / J8160 layout): the
 * sheet's margins and the gap between columns, in millimetres.
 */
export const A4_LABELS = {
  columns: 3,
  rows: 7,
  width: 63.5,
  height: 38.1,
  top: 15.15,
  left: 7.21,
  columnGap: 2.54,
} as const;
export const LABELS_PER_SHEET = A4_LABELS.columns * A4_LABELS.rows;

/** A receipt printer's roll: 80 mm paper, about 72 mm of it printable. */
export const RECEIPT = { width: 80, printable: 72, labelHeight: 50 } as const;

/** Statuses that still need a label: the order is not handed over, cancelled or failed. */
const LABELLED = new Set(["pending", "paid", "processing", "ready"]);

/**
 * The orders that get a label, grouped by dish (a cook labels one dish's portions in a run),
 * then by order number, the number the cook calls and ticks off (a name sorts by first name,
 * which nobody looks an order up by).
 */
export function ordersToLabel(orders: readonly KitchenOrder[]): KitchenOrder[] {
  return orders
    .filter((order) => LABELLED.has(order.status))
    .sort((a, b) => a.itemName.localeCompare(b.itemName) || a.pickupNumber - b.pickupNumber);
}

/** Labels cut into A4 sheets of `LABELS_PER_SHEET`. */
export function labelSheets<T>(labels: readonly T[]): T[][] {
  const sheets: T[][] = [];
  for (let start = 0; start < labels.length; start += LABELS_PER_SHEET) {
    sheets.push(labels.slice(start, start + LABELS_PER_SHEET));
  }
  return sheets;
}

/** Statuses whose portions are still to make: not begun, or in preparation. */
const TO_MAKE = new Set(["pending", "paid", "processing"]);

/** The prep sheet's check list: orders still to make, by dish, then order number. */
export function ordersToMake(orders: readonly KitchenOrder[]): KitchenOrder[] {
  return ordersToLabel(orders.filter((order) => TO_MAKE.has(order.status)));
}

/** The prep sheet's stages: its table's columns, and what its check list says of each order. */
export const PORTION_STAGES = ["waiting", "processing", "ready", "delivered"] as const;
export type PortionStage = (typeof PORTION_STAGES)[number];

/**
 * The stage an order is at, as the sheet's table names its columns: not begun (pending or paid
 * alike, the board's first column), in preparation, ready, handed over; none for an order no
 * food is made for (cancelled, failed).
 */
export function prepStage(status: OrderStatus): PortionStage | null {
  if (status === "delivered") return "delivered";
  const column = kitchenColumnOf(status);
  return column === "pending" ? "waiting" : column;
}

/**
 * The `@page` rule of what is printed. A receipt's page is as long as its content (a receipt
 * printer cuts after each page): one label per page, or the whole prep sheet, measured on
 * the screen in millimetres, on one.
 */
export function pageRule(sheet: PrintSheet, paper: PrintPaper, receiptLength: number): string {
  if (paper === "a4") return `@page { size: A4; margin: ${sheet === "labels" ? 0 : "12mm"} }`;
  const length = sheet === "labels" ? RECEIPT.labelHeight : receiptLength;
  return `@page { size: ${RECEIPT.width}mm ${length}mm; margin: 0 }`;
}
