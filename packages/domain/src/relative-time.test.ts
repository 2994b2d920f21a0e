import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = new Date("2031-06-11T10:00:00Z");
const ZONE = { language: "af", timeZone: "Africa/Johannesburg" } as const;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;

describe("relativeTime", () => {
  it("reads as just now under a minute, and for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), NOW, ZONE)).toEqual({ unit: "now" });
    expect(relativeTime(ago(59_999), NOW, ZONE)).toEqual({ unit: "now" });
    expect(relativeTime(ago(-30_000), NOW, ZONE)).toEqual({ unit: "now" });
  });

  it("counts whole minutes from 1 to 59", () => {
    expect(relativeTime(ago(MINUTE), NOW, ZONE)).toEqual({ unit: "minutes", count: 1 });
    expect(relativeTime(new Date(NOW.getTime() - 59 * MINUTE - 59_000), NOW, ZONE)).toEqual({
      unit: "minutes",
      count: 59,
    });
  });

  it("counts whole hours from 60 minutes to just under a day", () => {
    expect(relativeTime(ago(60 * MINUTE), NOW, ZONE)).toEqual({ unit: "hours", count: 1 });
    expect(relativeTime(ago(1439 * MINUTE), NOW, ZONE)).toEqual({ unit: "hours", count: 23 });
  });

  it("gives the date after a day, in af-ZA or en-ZA, in the canteen's time zone", () => {
    expect(relativeTime(ago(1440 * MINUTE), NOW, ZONE)).toEqual({ unit: "date", date: "10 Junie 2031" });
    // 23:30 UTC on 31 May is already 1 June in Johannesburg.
    expect(relativeTime("2031-05-31T23:30:00Z", NOW, ZONE)).toEqual({ unit: "date", date: "1 Junie 2031" });
    expect(relativeTime("2031-05-31T23:30:00Z", NOW, { ...ZONE, language: "en" })).toEqual({
      unit: "date",
      date: "1 June 2031",
    });
  });
});
