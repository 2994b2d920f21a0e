import { describe, expect, it } from "vitest";
import { newPasswordForm } from "./auth";

describe("newPasswordForm", () => {
  it("takes a long enough password repeated exactly", () => {
    expect(newPasswordForm.parse({ password: "geheim1", confirmPassword: "geheim1" })).toEqual({
      password: "geheim1",
      confirmPassword: "geheim1",
    });
  });

  it("names the rule a short password breaks, on the password", () => {
    const result = newPasswordForm.safeParse({ password: "kort", confirmPassword: "kort" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: "password_too_short" }),
    ]);
  });

  it("puts a repeat that differs on the repeat", () => {
    const result = newPasswordForm.safeParse({ password: "geheim1", confirmPassword: "geheim2" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: "password_mismatch" }),
    ]);
  });
});
