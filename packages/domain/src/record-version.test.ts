import { describe, expect, it } from "vitest";
import { versionOfTag, versionTag } from "./record-version";

describe("record versions as ETag and If-Match", () => {
  it("reads back the tag it writes, weakened or not", () => {
    expect(versionTag(7)).toBe('"7"');
    expect(versionOfTag(versionTag(7))).toBe(7);
    expect(versionOfTag('W/"12"')).toBe(12);
  });

  it("takes no header or * as any version, and refuses anything else", () => {
    expect(versionOfTag(undefined)).toBeNull();
    expect(versionOfTag("*")).toBeNull();
    for (const bad of ["7", '"0"', '"-1"', '"7", "8"', '"abc"', '"1234567890"']) {
      expect(versionOfTag(bad), bad).toBeUndefined();
    }
  });
});
