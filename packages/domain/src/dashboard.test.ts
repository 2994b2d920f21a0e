import { describe, expect, it } from "vitest";
import { activityChipColor } from "./dashboard";
import { ORDER_STATUSES, statusChipColor } from "./order-status";

describe("activityChipColor", () => {
  it("follows spec §4's activity chips: pending warning, completed success, processing info", () => {
    expect(activityChipColor("pending")).toBe("warning");
    expect(activityChipColor("completed")).toBe("success");
    expect(activityChipColor("processing")).toBe("info");
  });

  it("gives failed and cancelled orders the error colour", () => {
    expect(activityChipColor("failed")).toBe("error");
    expect(activityChipColor("cancelled")).toBe("error");
  });

  it("keeps the order chip colour for the other statuses", () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== "processing")) {
      expect(activityChipColor(status)).toBe(statusChipColor(status));
    }
  });
});
