import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Decision 0014: the data API is a mechanism the modules plug their resources into. It
 * imports no feature module, and no module imports another module's routes file.
 */

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The relative imports of a file, as written. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from\s+"(\.[^"]+)"/g)].map((m) => m[1]!);
}

describe("module boundaries", () => {
  it("keeps modules/data free of feature modules", () => {
    const offending = sources(path.join(modulesDir, "data")).flatMap((file) =>
      imports(file)
        .filter((spec) => /^\.\.\/[^.]/.test(spec))
        .map((spec) => `${path.basename(file)} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it("lets no module import another module's routes file", () => {
    const offending = sources(modulesDir).flatMap((file) =>
      imports(file)
        .filter((spec) => /^\.\.\/[^/.]+\/routes$/.test(spec))
        .map((spec) => `${path.relative(modulesDir, file)} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });
});
