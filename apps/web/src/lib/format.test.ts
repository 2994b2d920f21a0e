import { parse } from "date-fns";
import { describe, expect, it } from "vitest";
import { DATE_LOCALES } from "./format";

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
