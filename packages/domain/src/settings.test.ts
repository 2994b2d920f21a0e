import { describe, expect, it } from "vitest";
import { settingsSchema } from "./auth";
import { settingsInput } from "./settings";
import { normalizeRefreshInterval, REFRESH_INTERVAL_MAX, REFRESH_INTERVAL_MIN } from "./settings-rules";

describe("normalizeRefreshInterval", () => {
  it("turns what is not a number into 30", () => {
    for (const value of ["", "abc", null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, true]) {
      expect(normalizeRefreshInterval(value), String(value)).toBe(30);
    }
  });

  it("keeps numbers between 5 and 3600, rounded", () => {
    expect(normalizeRefreshInterval(0)).toBe(REFRESH_INTERVAL_MIN);
    expect(normalizeRefreshInterval(-20)).toBe(5);
    expect(normalizeRefreshInterval(4.4)).toBe(5);
    expect(normalizeRefreshInterval(5)).toBe(5);
    expect(normalizeRefreshInterval("60")).toBe(60);
    expect(normalizeRefreshInterval(" 90 ")).toBe(90);
    expect(normalizeRefreshInterval(29.6)).toBe(30);
    expect(normalizeRefreshInterval(3600)).toBe(3600);
    expect(normalizeRefreshInterval(3601)).toBe(REFRESH_INTERVAL_MAX);
    expect(normalizeRefreshInterval("99999")).toBe(3600);
  });
});

describe("settingsInput", () => {
  it("answers valid settings for any refresh interval", () => {
    for (const refresh_interval of [2, 7200, "45", "nee", undefined, 12.7]) {
      const parsed = settingsInput.parse({ theme: "auto", language: "en", refresh_interval });
      expect(settingsSchema.safeParse(parsed).success, String(refresh_interval)).toBe(true);
    }
  });

  it("takes theme light, dark or auto and language af or en only, and no other keys", () => {
    const good = { theme: "dark", language: "af", refresh_interval: 30 };
    expect(settingsInput.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, theme: "blue" },
      { ...good, theme: "Dark" },
      { ...good, language: "de" },
      { ...good, language: undefined },
      { ...good, user_id: "x" },
    ]) {
      expect(settingsInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
