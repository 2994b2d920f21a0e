import { describe, expect, it } from "vitest";
import { MESSAGES, statusOf } from "./messages";

describe("the message catalogue", () => {
  it("gives each error code its one HTTP status", () => {
    expect(statusOf("insufficient_balance")).toBe(409);
    expect(statusOf("invalid_text")).toBe(400);
    expect(statusOf("role_not_assignable")).toBe(403);
    expect(statusOf("column_not_writable")).toBe(400);
    expect(statusOf("unsupported_media_type")).toBe(415);
  });

  it("gives success texts no status", () => {
    for (const code of ["login_success", "settings_saved", "person_deleted"] as const) {
      expect("status" in MESSAGES[code], code).toBe(false);
    }
  });
});
