import { describe, expect, it } from "vitest";
import { isCleanText, multilineText, text } from "./text";

describe("the text rule", () => {
  it("refuses NUL, other control characters and lone surrogates", () => {
    for (const bad of ["a\u0000b", "\u0007", "x\u001b[31m", "\u007f", "\u0085", "\ud800", "a\udc00b"]) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
      expect(isCleanText(bad, { multiline: true }), JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes what people type, line breaks and tabs only where text spans lines", () => {
    for (const good of ["", "Hoender-pastei", "Ëlla se 🍕", "O'Brien & Sons", "日本"]) {
      expect(isCleanText(good)).toBe(true);
    }
    expect(isCleanText("een\ntwee\r\n\tdrie")).toBe(false);
    expect(isCleanText("een\ntwee\r\n\tdrie", { multiline: true })).toBe(true);
  });

  it("answers the invalid_text code through zod", () => {
    expect(text().safeParse("a\u0000").error?.issues[0]?.message).toBe("invalid_text");
    expect(multilineText().safeParse("a\nb").success).toBe(true);
    expect(text().trim().max(3).safeParse(" ab ").data).toBe("ab");
  });
});
