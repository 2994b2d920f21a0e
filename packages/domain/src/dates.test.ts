import { describe, expect, it } from "vitest";
import {
  addDaysIso,
  dayRange,
  daysBetween,
  isIsoDate,
  isoWeekday,
  mondayOf,
  schoolDays,
  schoolWeekOf,
  todayIn,
  weekdayOf,
} from "./dates";

describe("dates in the canteen's time zone", () => {
  it("takes today in the canteen's zone, not the server's", () => {
    // 23:30 UTC on Sunday is already Monday in Johannesburg (UTC+2).
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(todayIn("Africa/Johannesburg", instant)).toBe("2026-11-23");
    expect(todayIn("UTC", instant)).toBe("2026-11-22");
    expect(todayIn("America/New_York", instant)).toBe("2026-11-22");
  });

  it("gives a day's instant range in the zone", () => {
    const { start, end } = dayRange("2026-11-23", "Africa/Johannesburg");
    expect(start.toISOString()).toBe("2026-11-22T22:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-23T22:00:00.000Z");
  });

  it("handles daylight saving where the zone has it", () => {
    const { start, end } = dayRange("2026-03-29", "Europe/Amsterdam");
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
});

describe("week maths", () => {
  it("finds the Monday and the school week of any day", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // Sunday belongs to the week before
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-27")).toBe("2026-11-23");
    expect(schoolWeekOf("2026-12-31")).toEqual({ dateFrom: "2026-12-28", dateTo: "2027-01-01" });
  });

  it("counts weekdays and days", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(daysBetween("2026-11-23", "2026-11-27")).toBe(4);
    expect(addDaysIso("2028-02-28", 1)).toBe("2028-02-29");
    expect(schoolDays("2026-11-23")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
  });

  it("names school days in Afrikaans and weekends not at all", () => {
    expect(weekdayOf("2026-11-23")).toBe("Maandag");
    expect(weekdayOf("2026-11-27")).toBe("Vrydag");
    expect(weekdayOf("2026-11-28")).toBeNull();
  });

  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2026-11-23")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("23-11-2026")).toBe(false);
    for (const outside of [
      "0000-01-01",
      "1999-12-31",
      "2101-01-01",
      "9999-12-31",
      "2026-13-01",
      "2026-00-10",
    ]) {
      expect(isIsoDate(outside), outside).toBe(false);
    }
    expect(isIsoDate("2000-01-01")).toBe(true);
    expect(isIsoDate("2100-12-31")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
  });
});
