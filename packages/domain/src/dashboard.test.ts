import { describe, expect, it } from "vitest";
import { activityChipColor } from "./dashboard";

describe("activityChipColor", () => {
  it("follows the activity chips' colours: pending warning, completed success, processing info", () => {
    expect(activityChipColor("pending")).toBe("warning");
    expect(activityChipColor("completed")).toBe("success");
    expect(activityChipColor("processing")).toBe("info");
  });

  it("gives failed and cancelled orders the error colour", () => {
    expect(activityChipColor("failed")).toBe("error");
    expect(activityChipColor("cancelled")).toBe("error");
  });

  it("gives paid and delivered the success colour and ready the info colour", () => {
    expect(activityChipColor("paid")).toBe("success");
    expect(activityChipColor("delivered")).toBe("success");
    expect(activityChipColor("ready")).toBe("info");
  });
});
