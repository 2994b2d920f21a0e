import { describe, expect, it } from "vitest";
import { orderLabel, orderNumberSearch } from "./order-label";

const ID = "6f1c2b7e-98a4-4d51-b0c3-12ab34cd56ef";

describe("orderLabel", () => {
  it("uses the last 6 characters on the weekly view and the kitchen", () => {
    expect(orderLabel(ID, "weekly")).toBe("CD56EF");
    expect(orderLabel(ID, "kitchen")).toBe("CD56EF");
  });

  it("uses the last 4 characters on the orders and staff screens", () => {
    expect(orderLabel(ID, "orders")).toBe("56EF");
    expect(orderLabel(ID, "staff")).toBe("56EF");
  });

  it("keeps a short id whole", () => {
    expect(orderLabel("a1", "orders")).toBe("A1");
  });
});

describe("orderNumberSearch", () => {
  it("reads the 4 and 6 characters the screens print, with or without their #, in any case", () => {
    for (const q of ["56EF", "#56ef", " 56ef ", "CD56EF", "#cd56ef"]) {
      const found = orderNumberSearch(q);
      expect(found, q).toEqual({ kind: "suffix", suffix: q.trim().replace("#", "").toLowerCase() });
      expect(ID.endsWith(found?.kind === "suffix" ? found.suffix : "-"), q).toBe(true);
    }
  });

  it("reads a whole id", () => {
    expect(orderNumberSearch(ID.toUpperCase())).toEqual({ kind: "id", id: ID });
  });

  it("leaves names and other lengths to the name search", () => {
    for (const q of [
      undefined,
      "",
      "Anna",
      "bead",
      "cafe",
      "Face",
      "56E",
      "56EF1",
      "CD56EF1",
      "56EG",
      "56EF anna",
      "#",
    ]) {
      expect(orderNumberSearch(q), String(q)).toBeNull();
    }
    expect(orderNumberSearch("#BEAD")).toEqual({ kind: "suffix", suffix: "bead" });
  });
});
