import { describe, expect, it } from "vitest";
import { type ReportTable, reportCsv } from "./report-tables";

const TABLE: ReportTable = {
  id: "by-item",
  caption: "Per gereg",
  columns: ["Gereg", "Porsies", "Bedrag"],
  rows: [
    ["Bobotie", 10, { rand: "1234.50" }],
    ["+27 82 000 0000", 1, { rand: "-12.00" }],
  ],
};

describe("reportCsv", () => {
  it("writes amounts with a decimal comma in Afrikaans, a BOM first, each table under its caption", () => {
    expect(reportCsv("Dagverslag", [TABLE], "af")).toBe(
      '\uFEFF"Dagverslag"\r\n\r\n"Per gereg"\r\n"Gereg","Porsies","Bedrag"\r\n"Bobotie","10","1234,50"\r\n"\'+27 82 000 0000","1","-12,00"\r\n',
    );
  });

  it("writes amounts with a decimal point in English", () => {
    expect(reportCsv("Day report", [TABLE], "en")).toContain('"Bobotie","10","1234.50"\r\n');
  });

  it("keeps a text a spreadsheet would run as a formula as text, and leaves amounts as numbers", () => {
    const csv = reportCsv("=cmd|' /C calc'!A0", [TABLE], "af");
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    // A negative amount is a figure, not a formula: written by the report, not typed by anyone.
    expect(csv).toContain('"-12,00"');
  });
});
