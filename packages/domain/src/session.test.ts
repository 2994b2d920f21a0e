import { describe, expect, it } from "vitest";
import { SESSION_WARNING_MINUTES, sessionEndingSoon } from "./session";

const now = new Date("2025-03-03T10:00:00.000Z");
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe("sessionEndingSoon", () => {
  it("warns within the last hour of a session, and after its end", () => {
    expect(SESSION_WARNING_MINUTES).toBe(60);
    expect(sessionEndingSoon(inMinutes(180), now)).toBe(false);
    expect(sessionEndingSoon(inMinutes(60), now)).toBe(false);
    expect(sessionEndingSoon(inMinutes(59.9), now)).toBe(true);
    expect(sessionEndingSoon(inMinutes(30), now)).toBe(true);
    expect(sessionEndingSoon(inMinutes(-1), now)).toBe(true);
  });
});
