import { describe, expect, it } from "vitest";
import {
  AGEING_DEFAULTS,
  ageingStage,
  kitchenCounts,
  lateOrderCount,
  minutesWaiting,
  orderIdFromQr,
  orderQrContent,
  portionsByDish,
  portionsToMake,
  serviceStartAt,
} from "./kitchen-rules";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";

describe("kitchenCounts", () => {
  it("counts the columns and the collected, which add up to the total without cancelled and failed orders", () => {
    const orders = ORDER_STATUSES.map((status) => ({ status }));
    const counts = kitchenCounts([...orders, { status: "pending" }]);
    expect(counts).toEqual({
      total: 6,
      // pending twice and paid: a paid order waits for the kitchen too.
      pending: 3,
      processing: 1,
      ready: 1,
      delivered: 1,
    });
    expect(counts.pending + counts.processing + counts.ready + counts.delivered).toBe(counts.total);
    expect(kitchenCounts([])).toEqual({ total: 0, pending: 0, processing: 0, ready: 0, delivered: 0 });
  });
});

describe("late orders: the board's banner", () => {
  const serviceStart = new Date("2026-11-24T05:30:00Z");
  const now = new Date("2026-11-24T08:00:00Z");
  const waitedFor = (minutes: number, status: OrderStatus = "paid") => ({
    status,
    statusChangedAt: new Date(now.getTime() - minutes * 60_000).toISOString(),
  });

  it("counts the waiting orders in the canteen's late stage, as the cards are marked", () => {
    const orders = [
      waitedFor(5),
      waitedFor(12),
      waitedFor(20),
      waitedFor(45, "pending"),
      waitedFor(90, "processing"),
    ];
    expect(lateOrderCount(orders, { serviceStart, now, thresholds: AGEING_DEFAULTS })).toBe(2);
    expect(
      lateOrderCount(orders, {
        serviceStart,
        now,
        thresholds: { kitchenWarnMinutes: 5, kitchenLateMinutes: 10 },
      }),
    ).toBe(3);
  });
});

describe("ageing of waiting orders", () => {
  it("turns amber and red at the canteen's thresholds", () => {
    expect(ageingStage(0, AGEING_DEFAULTS)).toBe("fresh");
    expect(ageingStage(9, AGEING_DEFAULTS)).toBe("fresh");
    expect(ageingStage(10, AGEING_DEFAULTS)).toBe("warn");
    expect(ageingStage(19, AGEING_DEFAULTS)).toBe("warn");
    expect(ageingStage(20, AGEING_DEFAULTS)).toBe("late");
    expect(ageingStage(6, { kitchenWarnMinutes: 5, kitchenLateMinutes: 8 })).toBe("warn");
  });

  it("counts from the order's status change, but a pre-order only from the start of service", () => {
    const serviceStart = new Date("2031-05-14T07:30:00+02:00");
    const now = new Date("2031-05-14T10:30:00+02:00");
    expect(minutesWaiting("2031-05-14T10:15:30+02:00", serviceStart, now)).toBe(14);
    expect(minutesWaiting("2031-05-11T08:00:00+02:00", serviceStart, now)).toBe(180);
    expect(minutesWaiting("2031-05-14T10:31:00+02:00", serviceStart, now)).toBe(0);
  });
});

describe("lateness before and after the kitchen's start of service", () => {
  const timeZone = "Africa/Johannesburg";
  const thresholds = { kitchenWarnMinutes: 10, kitchenLateMinutes: 20 };
  const serviceStart = serviceStartAt("2031-05-14", "07:30", timeZone);
  // A lunch order placed in the night, at 01:05, and one placed the week before.
  const night = [
    { status: "pending" as const, statusChangedAt: "2031-05-14T01:05:00+02:00" },
    { status: "paid" as const, statusChangedAt: "2031-05-07T12:00:00+02:00" },
  ];
  const at = (time: string) => new Date(`2031-05-14T${time}:00+02:00`);

  it("places the start of service in the canteen's zone", () => {
    expect(serviceStart.toISOString()).toBe("2031-05-14T05:30:00.000Z");
    expect(serviceStartAt("2031-05-14", "00:00", "UTC").toISOString()).toBe("2031-05-14T00:00:00.000Z");
  });

  it("is not late before the kitchen starts: a 01:05 pre-order has not waited at all", () => {
    expect(minutesWaiting(night[0]!.statusChangedAt, serviceStart, at("01:05"))).toBe(0);
    expect(minutesWaiting(night[0]!.statusChangedAt, serviceStart, at("07:29"))).toBe(0);
    expect(lateOrderCount(night, { serviceStart, now: at("02:10"), thresholds })).toBe(0);
    expect(lateOrderCount(night, { serviceStart, now: at("07:29"), thresholds })).toBe(0);
  });

  it("ages from the start of service: amber, then late, by the canteen's minutes", () => {
    expect(minutesWaiting(night[0]!.statusChangedAt, serviceStart, at("07:35"))).toBe(5);
    expect(
      ageingStage(minutesWaiting(night[0]!.statusChangedAt, serviceStart, at("07:40")), thresholds),
    ).toBe("warn");
    expect(lateOrderCount(night, { serviceStart, now: at("07:49"), thresholds })).toBe(0);
    expect(lateOrderCount(night, { serviceStart, now: at("07:50"), thresholds })).toBe(2);
  });

  it("ages an order placed after the start of service from when it was placed", () => {
    const placed = [{ status: "pending" as const, statusChangedAt: "2031-05-14T09:00:00+02:00" }];
    expect(lateOrderCount(placed, { serviceStart, now: at("09:19"), thresholds })).toBe(0);
    expect(lateOrderCount(placed, { serviceStart, now: at("09:20"), thresholds })).toBe(1);
  });
});

describe("portionsByDish", () => {
  it("counts portions per dish and stage, without cancelled and failed orders", () => {
    const order = (itemName: string, status: OrderStatus, quantity: number) => ({
      itemName,
      status,
      quantity,
    });
    expect(
      portionsByDish([
        order("Bobotie", "pending", 2),
        order("Bobotie", "paid", 3),
        order("Pap en wors", "processing", 1),
        order("Bobotie", "processing", 4),
        order("Bobotie", "ready", 5),
        order("Bobotie", "delivered", 6),
        order("Bobotie", "cancelled", 7),
        order("Bobotie", "failed", 8),
      ]),
    ).toEqual([
      { itemName: "Bobotie", waiting: 5, processing: 4, ready: 5, delivered: 6, total: 20 },
      { itemName: "Pap en wors", waiting: 0, processing: 1, ready: 0, delivered: 0, total: 1 },
    ]);
    expect(portionsByDish([])).toEqual([]);
  });
});

describe("portionsToMake", () => {
  const order = (itemName: string, status: OrderStatus, quantity: number) => ({ itemName, status, quantity });

  it("sums the portions not begun or in processing per dish, the largest first", () => {
    expect(
      portionsToMake([
        order("Hoender-pastei", "processing", 10),
        order("Bobotie", "pending", 10),
        order("Bobotie", "paid", 5),
        order("Bobotie", "processing", 10),
        order("Bobotie", "ready", 7),
        order("Bobotie", "delivered", 3),
        order("Bobotie", "cancelled", 4),
        order("Bobotie", "failed", 2),
        order("Appeltert", "pending", 10),
      ]),
    ).toEqual([
      { itemName: "Bobotie", portions: 25 },
      { itemName: "Appeltert", portions: 10 },
      { itemName: "Hoender-pastei", portions: 10 },
    ]);
  });

  it("leaves out dishes with nothing left to make", () => {
    const done = ["ready", "delivered", "cancelled", "failed"] as const;
    expect(portionsToMake(done.map((status) => order("Vis", status, 2)))).toEqual([]);
    expect(portionsToMake([])).toEqual([]);
  });
});

describe("an order's QR code", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

  it("reads back the id it holds, and a bare id", () => {
    expect(orderIdFromQr(orderQrContent(id))).toBe(id);
    expect(orderIdFromQr(` ${id.toUpperCase()}\n`)).toBe(id);
    expect(orderIdFromQr(`KANTIEN:ORDER:${id}`)).toBe(id);
  });

  it("finds no order in other codes", () => {
    for (const text of ["", "kantien:order:", `kantien:order:${id}x`, "https://example.com", "' or 1=1 --"]) {
      expect(orderIdFromQr(text), text).toBeNull();
    }
  });
});
