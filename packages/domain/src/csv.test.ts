import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csvCell", () => {
  it("keeps a text a spreadsheet would run as a formula as text", () => {
    for (const text of ["=1+1", "+27 82 000 0000", "-2+3", "@SUM(A1)", "\tx", '=HYPERLINK("x")']) {
      expect(csvCell(text)).toBe(`"'${text.replaceAll('"', '""')}"`);
    }
  });

  it("leaves a negative amount a number, in either language's way", () => {
    expect(csvCell("-12,00")).toBe('"-12,00"');
    expect(csvCell("-12.00")).toBe('"-12.00"');
    expect(csvCell(-3)).toBe('"-3"');
  });

  it("quotes every cell, doubles quotes and ends a line with CRLF", () => {
    expect(csvLine(['Sê "hallo"', 2])).toBe('"Sê ""hallo""","2"\r\n');
  });
});
