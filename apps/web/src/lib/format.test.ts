import { parse } from "date-fns";
import { describe, expect, it } from "vitest";
import { DATE_LOCALES, formatLongDate, formatShortDay } from "./format";

describe("DATE_LOCALES", () => {
  it("reads back every Afrikaans month it writes, Maart and Desember too", () => {
    for (const [written, month] of [
      ["07 Desember 2026", 11],
      ["02 Maart 2026", 2],
      ["04 Julie 2031", 6],
    ] as const) {
      const date = parse(written, "dd MMMM yyyy", new Date(2000, 0, 1), { locale: DATE_LOCALES.af });
      expect(date.getMonth(), written).toBe(month);
    }
  });
});

describe("formatShortDay", () => {
  it("writes the weekday as Afrikaans and English write it in short", () => {
    expect(formatShortDay("2026-11-28", "af")).toBe("Sa 28 Nov");
    expect(formatShortDay("2026-11-23", "af")).toBe("Ma 23 Nov");
    expect(formatShortDay("2026-03-03", "af")).toBe("Di 3 Mrt");
    expect(formatShortDay("2026-11-28", "en")).toBe("Sat 28 Nov");
  });
});

describe("formatLongDate", () => {
  it("writes the calendar day it is given, its weekday and month in the language", () => {
    expect(formatLongDate("2026-12-31", "af")).toBe("Donderdag 31 Desember 2026");
    expect(formatLongDate("2026-03-01", "en")).toBe("Sunday 1 March 2026");
  });
});
