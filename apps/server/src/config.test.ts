import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("TRUST_PROXY", () => {
  it("is off by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it("takes true, false, or a comma list of proxy addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, 127.0.0.1 ,::1,loopback" }).trustProxy).toBe(
      "10.0.0.0/8,127.0.0.1,::1,loopback",
    );
  });

  it("refuses anything else, naming the setting", () => {
    for (const value of ["2", "maybe", "10.0.0.0/33", "10.0.0.1,evil.example", "300.1.1.1"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
