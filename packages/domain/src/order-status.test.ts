import { describe, expect, it } from "vitest";
import {
  adminStatusChoices,
  canChangeOrderStatus,
  isKitchenStepBack,
  kitchenColumnOf,
  minutesSince,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  statusChipColor,
} from "./order-status";

describe("canChangeOrderStatus", () => {
  it("lets staff take only the kitchen steps", () => {
    expect(canChangeOrderStatus(3, "pending", "processing")).toBe(true);
    expect(canChangeOrderStatus(3, "processing", "ready")).toBe(true);
    expect(canChangeOrderStatus(3, "ready", "delivered")).toBe(true);
    expect(canChangeOrderStatus(3, "pending", "ready")).toBe(false);
    expect(canChangeOrderStatus(3, "ready", "processing")).toBe(false);
    expect(canChangeOrderStatus(3, "delivered", "pending")).toBe(false);
    expect(canChangeOrderStatus(3, "pending", "failed")).toBe(false);
    expect(canChangeOrderStatus(3, "processing", "paid")).toBe(false);
  });

  it("lets the kitchen begin an order paid from the wallet, which waits in the first column", () => {
    expect(canChangeOrderStatus(3, "paid", "processing")).toBe(true);
    expect(canChangeOrderStatus(3, "paid", "ready")).toBe(false);
    expect(ORDER_STATUSES.map((status) => kitchenColumnOf(status))).toEqual([
      "pending",
      "pending",
      "processing",
      "ready",
      null,
      null,
      null,
    ]);
  });

  it("lets staff cancel an open order, never one that is delivered, failed or cancelled", () => {
    for (const from of ORDER_STATUSES) {
      expect(canChangeOrderStatus(3, from, "cancelled")).toBe(
        ["pending", "paid", "processing", "ready"].includes(from),
      );
    }
  });

  it("lets admins set any other status, but never paid and never out of cancelled", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = from !== to && from !== "cancelled" && to !== "paid";
        expect(canChangeOrderStatus(4, from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it("offers the admin's dropdown only the moves it allows", () => {
    expect(adminStatusChoices("paid")).toEqual(["pending", "processing", "delivered", "cancelled", "failed"]);
    expect(adminStatusChoices("pending")).toEqual(["processing", "delivered", "cancelled", "failed"]);
    expect(adminStatusChoices("failed")).toEqual(["pending", "processing", "delivered", "cancelled"]);
    expect(adminStatusChoices("cancelled")).toEqual([]);
  });

  it("lets customers only cancel an order the kitchen has not begun", () => {
    for (const role of [1, 2]) {
      expect(canChangeOrderStatus(role, "paid", "cancelled")).toBe(true);
      expect(canChangeOrderStatus(role, "pending", "cancelled")).toBe(true);
      for (const from of ["processing", "ready", "delivered", "failed", "cancelled"] as const) {
        expect(canChangeOrderStatus(role, from, "cancelled"), from).toBe(false);
      }
      expect(canChangeOrderStatus(role, "pending", "processing")).toBe(false);
      expect(canChangeOrderStatus(role, "paid", "delivered")).toBe(false);
    }
  });

  it("lets a guardian, acting for a learner, cancel what the learner may (decision 0068)", () => {
    expect(canChangeOrderStatus(5, "paid", "cancelled")).toBe(true);
    expect(canChangeOrderStatus(5, "processing", "cancelled")).toBe(false);
    expect(canChangeOrderStatus(5, "pending", "processing")).toBe(false);
  });

  it("lets unknown roles change nothing", () => {
    for (const role of [0, 6]) {
      expect(canChangeOrderStatus(role, "pending", "processing")).toBe(false);
      expect(canChangeOrderStatus(role, "pending", "cancelled")).toBe(false);
    }
  });
});

describe("kitchen steps back (undo and recall)", () => {
  const justNow = (from: (typeof ORDER_STATUSES)[number] | null) => ({ from, minutesAgo: 0 });

  it("lets staff and admins take one step back, to the status the order came from", () => {
    for (const role of [3, 4]) {
      expect(canChangeOrderStatus(role, "processing", "pending", justNow("pending"))).toBe(true);
      // A paid order goes back to paid: it was paid once, nothing is charged again.
      expect(canChangeOrderStatus(role, "processing", "paid", justNow("paid"))).toBe(true);
      expect(canChangeOrderStatus(role, "ready", "processing", justNow("processing"))).toBe(true);
      expect(canChangeOrderStatus(role, "delivered", "ready", justNow("ready"))).toBe(true);
    }
  });

  it("refuses a step back anywhere but where the order came from", () => {
    expect(canChangeOrderStatus(3, "processing", "paid", justNow("pending"))).toBe(false);
    expect(canChangeOrderStatus(3, "processing", "pending", justNow("paid"))).toBe(false);
    // An admin who set delivered straight from pending: the kitchen cannot "recall" it to ready.
    expect(canChangeOrderStatus(3, "delivered", "ready", justNow("pending"))).toBe(false);
    // Two steps at once, or without its history.
    expect(canChangeOrderStatus(3, "delivered", "processing", justNow("processing"))).toBe(false);
    expect(canChangeOrderStatus(3, "ready", "processing")).toBe(false);
    // Nothing comes back out of cancelled or failed.
    expect(canChangeOrderStatus(3, "cancelled", "ready", justNow("ready"))).toBe(false);
    expect(canChangeOrderStatus(3, "failed", "processing", justNow("processing"))).toBe(false);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const back = isKitchenStepBack(from, to, justNow(to));
        const expected = ["processing>pending", "processing>paid", "ready>processing", "delivered>ready"];
        expect(back, `${from} → ${to}`).toBe(expected.includes(`${from}>${to}`));
      }
    }
  });

  it("allows a step back within 30 minutes of the step only", () => {
    expect(canChangeOrderStatus(3, "delivered", "ready", { from: "ready", minutesAgo: 29 })).toBe(true);
    expect(canChangeOrderStatus(3, "delivered", "ready", { from: "ready", minutesAgo: 30 })).toBe(false);
  });

  it("gives customers no steps back", () => {
    expect(canChangeOrderStatus(1, "processing", "paid", justNow("paid"))).toBe(false);
    expect(canChangeOrderStatus(2, "delivered", "ready", justNow("ready"))).toBe(false);
  });
});

describe("urgency", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("counts whole minutes and never below zero", () => {
    expect(minutesSince("2026-11-23T09:29:30Z", now)).toBe(30);
    expect(minutesSince("2026-11-23T10:05:00Z", now)).toBe(0);
  });
});

describe("statusChipColor", () => {
  it("follows the chip colours, whatever the case", () => {
    expect(statusChipColor("PENDING")).toBe("warning");
    expect(statusChipColor("paid")).toBe("default");
    expect(statusChipColor("delivered")).toBe("success");
    expect(statusChipColor("cancelled")).toBe("error");
    expect(statusChipColor("ready")).toBe("info");
  });
});

describe("ORDER_STATUS_LABELS", () => {
  it("names every status once in each language, the kitchen's words included", () => {
    expect(ORDER_STATUS_LABELS.af).toMatchObject({
      pending: "Om te doen",
      processing: "Besig",
      ready: "Gereed",
      delivered: "Afgehaal",
      cancelled: "Gekanselleer",
    });
    for (const labels of Object.values(ORDER_STATUS_LABELS)) {
      expect(Object.keys(labels).sort()).toEqual([...ORDER_STATUSES].sort());
      // One name for one status: no two statuses share a label.
      expect(new Set(Object.values(labels)).size).toBe(ORDER_STATUSES.length);
    }
  });
});
