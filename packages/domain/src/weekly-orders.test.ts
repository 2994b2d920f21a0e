import { describe, expect, it } from "vitest";
import { isWeekStart, prepSheet, type WeeklyOrder, weekEndOf, weeklyOrdersOf } from "./weekly-orders";

const order = (
  id: string,
  deliveryDate: string,
  itemName: string,
  quantity: number,
  status: WeeklyOrder["status"] = "pending",
): WeeklyOrder => ({
  id,
  pickupNumber: 1,
  status,
  quantity,
  deliveryDate,
  customerName: `Kliënt ${id}`,
  itemName,
});

describe("prepSheet", () => {
  it("adds up the quantity per item, the largest first, then by name", () => {
    expect(
      prepSheet([
        order("1", "2031-05-12", "Bobotie", 2),
        order("2", "2031-05-12", "Pap en wors", 1, "delivered"),
        order("3", "2031-05-12", "Bobotie", 3, "processing"),
        order("4", "2031-05-12", "Hoender", 1, "ready"),
        order("5", "2031-05-12", "Appeltert", 1, "paid"),
      ]),
    ).toEqual([
      { itemName: "Bobotie", quantity: 5 },
      { itemName: "Appeltert", quantity: 1 },
      { itemName: "Hoender", quantity: 1 },
      { itemName: "Pap en wors", quantity: 1 },
    ]);
  });

  it("leaves out cancelled and failed orders", () => {
    expect(
      prepSheet([
        order("1", "2031-05-12", "Bobotie", 2, "cancelled"),
        order("2", "2031-05-12", "Bobotie", 4, "failed"),
        order("3", "2031-05-12", "Bobotie", 1),
        order("4", "2031-05-12", "Hoender", 3, "cancelled"),
      ]),
    ).toEqual([{ itemName: "Bobotie", quantity: 1 }]);
    expect(prepSheet([])).toEqual([]);
  });
});

describe("weeklyOrdersOf", () => {
  it("always answers Monday to Friday, each day with its own orders and prep sheet", () => {
    const week = weeklyOrdersOf("2031-05-12", [
      order("a", "2031-05-12", "Bobotie", 2),
      order("b", "2031-05-14", "Hoender", 1),
      order("c", "2031-05-12", "Bobotie", 1, "cancelled"),
      order("d", "2031-05-16", "Vis", 2),
    ]);
    expect(week.weekStart).toBe("2031-05-12");
    expect(week.weekEnd).toBe("2031-05-16");
    expect(week.days.map((d) => d.date)).toEqual([
      "2031-05-12",
      "2031-05-13",
      "2031-05-14",
      "2031-05-15",
      "2031-05-16",
    ]);
    expect(week.days.map((d) => d.orders.map((o) => o.id))).toEqual([["a", "c"], [], ["b"], [], ["d"]]);
    expect(week.days[0]?.prep).toEqual([{ itemName: "Bobotie", quantity: 2 }]);
    expect(week.days[1]?.prep).toEqual([]);
  });
});

describe("weeks", () => {
  it("start on a valid Monday and end on its Friday", () => {
    expect(isWeekStart("2031-05-12")).toBe(true);
    expect(isWeekStart("2031-05-13")).toBe(false);
    expect(isWeekStart("2031-05-11")).toBe(false);
    expect(isWeekStart("2031-02-31")).toBe(false);
    expect(isWeekStart("12-05-2031")).toBe(false);
    expect(weekEndOf("2031-05-12")).toBe("2031-05-16");
    expect(weekEndOf("2031-12-29")).toBe("2032-01-02");
  });
});
