import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type ParsedStatement,
  parseStatement,
  STATEMENT_BANKS,
  type StatementLine,
  StatementUnreadable,
} from "./parse";
import { parseAmount, parseDate } from "./values";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const read = (text: string) => parseStatement(Buffer.from(text));

/** The refusal a file gets; fails the test when the file is read. */
function refusal(file: Buffer | string): { line: number; reason: string } {
  try {
    parseStatement(typeof file === "string" ? Buffer.from(file) : file);
  } catch (error) {
    if (error instanceof StatementUnreadable) return { line: error.line, reason: error.reason };
    throw error;
  }
  throw new Error("the statement was read");
}

const lineAt = (statement: ParsedStatement, line: number): StatementLine | undefined =>
  statement.lines.find((entry) => entry.line === line);

/** Credits whose description holds a payment reference, in any case and spacing. */
const referencedCredits = (statement: ParsedStatement) =>
  statement.lines.filter(
    (entry) => !entry.amount.startsWith("-") && /kan\s*(?:7k3\s*q9z|000000)/i.test(entry.description),
  );

// The short FNB layout, for tests about one kind of cell.
const fnbShort = (...rows: string[]) => ["Date,Amount,Balance,Description", ...rows].join("\n");

describe("each bank's export is recognised and read", () => {
  it("FNB: preamble account, yyyy/mm/dd, plain numbers, NUL bytes, CRLF, trailing empty rows", () => {
    const statement = parseStatement(fixture("fnb.csv"));
    expect(statement.bank).toBe("fnb");
    expect(statement.account).toBe("62812345678");
    expect(statement.lines).toHaveLength(8);
    expect(lineAt(statement, 4)).toEqual({
      line: 4,
      date: "2026-11-20",
      amount: "150.00",
      description: "FNB APP PAYMENT FROM M DLAMINI | KAN7K3Q9Z",
      balance: "-200.45",
    });
    expect(lineAt(statement, 5)).toMatchObject({ amount: "-1250.50", balance: "-1450.95" });
    // The NUL inside "MAGTAPE\0 CREDIT" is gone.
    expect(lineAt(statement, 6)).toMatchObject({
      date: "2026-11-21",
      amount: "300.00",
      description: "MAGTAPE CREDIT | kan 7k3 q9z SCHOOL LUNCH",
    });
    // A reference that repeats the description is kept once.
    expect(lineAt(statement, 10)).toMatchObject({ amount: "-65.00", description: "#MONTHLY ACCOUNT FEE" });
    expect(lineAt(statement, 11)).toMatchObject({
      date: "2026-11-24",
      amount: "200.00",
      balance: "-4240.45",
    });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([4, 6, 7, 11]);
  });

  it("ABSA: yyyymmdd, padded descriptions, quoted commas, zero amounts", () => {
    const statement = parseStatement(fixture("absa.csv"));
    expect(statement.bank).toBe("absa");
    expect(statement.account).toBeNull();
    expect(statement.lines).toHaveLength(9);
    expect(lineAt(statement, 2)).toMatchObject({ date: "2026-11-18", amount: "0.00", balance: "20410.75" });
    expect(lineAt(statement, 4)).toEqual({
      line: 4,
      date: "2026-11-19",
      amount: "500.00",
      description: "CASH DEP BRANCH ( 2,50 ) SETTLEMENT KAN000000",
      balance: "21060.75",
    });
    expect(lineAt(statement, 6)).toMatchObject({
      amount: "85.00",
      description: "DIGITAL PAYMENT CR ABSA BANK kan 7k3 q9z",
    });
    expect(lineAt(statement, 10)).toMatchObject({ date: "2026-11-24", amount: "60.00", balance: "18290.15" });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([3, 4, 6, 10]);
  });

  it("Standard Bank: ACC-NO, OPEN and CLOSE records skipped, HIST rows read, zero-padded signed amounts", () => {
    const statement = parseStatement(fixture("standard-bank.csv"));
    expect(statement.bank).toBe("standard_bank");
    expect(statement.account).toBe("000123456789");
    expect(statement.lines).toHaveLength(7);
    expect(lineAt(statement, 3)).toEqual({
      line: 3,
      date: "2026-11-02",
      amount: "150.00",
      description: "IB PAYMENT FROM | KAN7K3Q9Z LUNCH",
      balance: null,
    });
    expect(lineAt(statement, 4)).toMatchObject({ amount: "-2350.00" });
    expect(lineAt(statement, 6)).toMatchObject({
      amount: "-780.25",
      description: "CHEQUE PAYMENT | BAKERY SUPPLIES | 000123",
    });
    expect(lineAt(statement, 9)).toMatchObject({
      date: "2026-11-09",
      amount: "1000.00",
      description: "AUTOBANK CASH DEPOSIT | KAN 7K3 Q9Z TERM 4",
    });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([3, 5, 7, 9]);
  });

  it("Nedbank: label rows, no header, dd-Mon-yy, BROUGHT and CARRIED FORWARD skipped", () => {
    const statement = parseStatement(fixture("nedbank.csv"));
    expect(statement.bank).toBe("nedbank");
    expect(statement.account).toBe("1012345678");
    expect(statement.lines.map((entry) => entry.line)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(lineAt(statement, 6)).toEqual({
      line: 6,
      date: "2026-11-03",
      amount: "150.00",
      description: "IB TRANSFER FROM KAN7K3Q9Z",
      balance: "18400.00",
    });
    expect(lineAt(statement, 10)).toMatchObject({
      date: "2026-11-10",
      amount: "1500.00",
      balance: "18838.20",
    });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([6, 8, 10]);
  });

  it("Capitec: account on every row, dd/mm/yyyy, a fee-only row, the Total row skipped", () => {
    const statement = parseStatement(fixture("capitec.csv"));
    expect(statement.bank).toBe("capitec");
    expect(statement.account).toBe("1234567890");
    expect(statement.lines).toHaveLength(7);
    expect(lineAt(statement, 4)).toEqual({
      line: 4,
      date: "2026-11-02",
      amount: "150.00",
      description: "Inward EFT Credit | KAN7K3Q9Z",
      balance: "8400.35",
    });
    expect(lineAt(statement, 6)).toMatchObject({
      amount: "100.00",
      description: "Banking App Payment Received | kan 7k3 q9z",
    });
    // The amount is the payment's own; its fee shows in the balance only.
    expect(lineAt(statement, 7)).toMatchObject({ amount: "-500.00", balance: "7744.45" });
    expect(lineAt(statement, 8)).toMatchObject({ amount: "-2.00", description: "Immediate Payment Fee" });
    expect(lineAt(statement, 9)).toMatchObject({
      description: "Cash Deposit | CAPITEC 0103PosSettle 261106",
    });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([4, 6, 10]);
  });

  it("OFX 1.x (SGML): ACCTID, DTPOSTED with time and zone, NAME | MEMO | FITID, entities decoded", () => {
    const statement = parseStatement(fixture("statement.ofx"));
    expect(statement.bank).toBe("ofx");
    expect(statement.account).toBe("62812345678");
    expect(statement.lines).toHaveLength(6);
    expect(statement.lines[0]).toEqual({
      line: 1,
      date: "2026-11-24",
      amount: "150.00",
      description: "FNB APP PAYMENT FROM M DLAMINI | KAN7K3Q9Z | 202611240001",
      balance: null,
    });
    expect(statement.lines[1]).toMatchObject({
      amount: "-1250.50",
      description: "POS PURCHASE | MAKRO MILNERTON & CO | 202611240002",
    });
    expect(statement.lines[2]).toMatchObject({ date: "2026-11-25", amount: "300.00" });
    expect(statement.lines[3]).toMatchObject({ date: "2026-11-25", amount: "1200.00" });
    expect(statement.lines[4]).toMatchObject({ line: 5, description: "#MONTHLY ACCOUNT FEE | 202611260001" });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([1, 3, 4]);
  });

  it("OFX 2.x (XML) on one line", () => {
    const statement = read(
      `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>` +
        `<BANKACCTFROM><BANKID>470010</BANKID><ACCTID>1234567890</ACCTID></BANKACCTFROM><BANKTRANLIST>` +
        `<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261124</DTPOSTED><TRNAMT>+150.00</TRNAMT><FITID>A1</FITID>` +
        `<NAME>EFT</NAME><MEMO>kan 7k3 q9z</MEMO></STMTTRN>` +
        `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261125101500[-0:UTC]</DTPOSTED><TRNAMT>-20</TRNAMT><FITID>A2</FITID>` +
        `<NAME>FEE</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
    );
    expect(statement).toEqual({
      bank: "ofx",
      account: "1234567890",
      lines: [
        {
          line: 1,
          date: "2026-11-24",
          amount: "150.00",
          description: "EFT | kan 7k3 q9z | A1",
          balance: null,
        },
        { line: 2, date: "2026-11-25", amount: "-20.00", description: "FEE | A2", balance: null },
      ],
    });
  });

  it("Standard Bank Business Online: metadata rows, then its header", () => {
    const statement = read(
      [
        "Account Name,KANTIEN CANTEEN",
        "Account Number,012 345 678",
        "Currency,ZAR",
        "",
        "Date,Value Date,Statement Description,Amount,Balance,Type,Originator,Customer Reference",
        "24/11/2026,24/11/2026,CREDIT TRANSFER,150.00,5150.00,CT,M DLAMINI,KAN7K3Q9Z",
        "24/11/2026,24/11/2026,SERVICE FEE,-7.50,5142.50,FEE,,",
      ].join("\n"),
    );
    expect(statement.bank).toBe("standard_bank");
    expect(statement.account).toBe("012345678");
    expect(statement.lines).toEqual([
      {
        line: 6,
        date: "2026-11-24",
        amount: "150.00",
        description: "CREDIT TRANSFER | KAN7K3Q9Z | M DLAMINI",
        balance: "5150.00",
      },
      { line: 7, date: "2026-11-24", amount: "-7.50", description: "SERVICE FEE", balance: "5142.50" },
    ]);
  });

  it("names every bank the parsers return", () => {
    expect(STATEMENT_BANKS).toEqual(["fnb", "absa", "standard_bank", "nedbank", "capitec", "ofx"]);
  });
});

// Real exports, or faithful excerpts of them (personal data replaced, one payment with a
// reference added where the source had none):
// - nedbank-notices.csv, standard-bank-statement.csv: the rows of github.com/dvdl16/csf_za,
//   docs/csf_za_bank_statement_import.md (Standard Bank's balances recomputed for the added payment);
// - capitec-2018.csv: rows of the real export github.com/Zen-CODE/zenprojects,
//   python/django/capiccount/Capitec.csv; capitec-2023.csv: the same kind of rows under the 2023
//   header that repository lists in python/django/capiccount/budget/models.py;
// - fnb-windows-1252.csv: the FNB layout saved by Excel on Windows (’ – É € as single bytes);
// - ofxparse/*: byte for byte from github.com/jseutter/ofxparse, tests/fixtures (see its README).
describe("the banks' real exports", () => {
  it("Capitec since 2023: a sep=, line, then money out and money in unsigned in two columns", () => {
    const statement = parseStatement(fixture("capitec-2023.csv"));
    expect(statement.bank).toBe("capitec");
    expect(statement.account).toBe("1234567890");
    expect(statement.lines.map(({ line, date, amount }) => [line, date, amount])).toEqual([
      [3, "2024-03-04", "-297.61"],
      [4, "2024-03-04", "-0.40"],
      [5, "2024-03-05", "150.00"],
      [6, "2024-03-05", "-465.14"],
      [7, "2024-03-05", "-1.60"],
      [8, "2024-03-06", "105.23"],
    ]);
    expect(lineAt(statement, 5)).toMatchObject({
      description: "Payment Received: M Dlamini | M DLAMINI KAN7K3Q9Z",
      balance: "14991.27",
    });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([5]);
  });

  it("Capitec before 2023: the real export's sep=, line, DebitAmount and CreditAmount, Narrative", () => {
    const statement = parseStatement(fixture("capitec-2018.csv"));
    expect(statement).toMatchObject({ bank: "capitec", account: "1234567890" });
    expect(statement.lines.map(({ amount }) => amount)).toEqual(["-297.61", "-0.40", "150.00", "105.23"]);
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([5]);
  });

  it("a sep=; line names the delimiter, however many commas the descriptions hold", () => {
    const statement = read(
      "sep=;\nDate;Amount;Balance;Description\n24/11/2026;150,00;150,00;KAN7K3Q9Z, LUNCH, GR 5, MON, TUE, WED, THU\n",
    );
    expect(statement.lines).toMatchObject([
      { line: 3, amount: "150.00", description: "KAN7K3Q9Z, LUNCH, GR 5, MON, TUE, WED, THU" },
    ]);
  });

  it("Nedbank: notices without an amount (VAT, PROVISIONAL STATEMENT) are skipped, forwards anywhere", () => {
    const statement = parseStatement(fixture("nedbank-notices.csv"));
    expect(statement).toMatchObject({ bank: "nedbank", account: "1234567891" });
    expect(statement.lines.map(({ line, amount }) => [line, amount])).toEqual([
      [5, "-33.00"],
      [6, "-1000.00"],
      [7, "150.00"],
      [9, "-41.60"],
      [10, "-75.00"],
      [14, "9106.98"],
    ]);
    expect(lineAt(statement, 14)).toMatchObject({ date: "2025-03-31", balance: "20364.16" });
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([7]);
  });

  it("Standard Bank statement of account: nine columns, OPEN and CLOSE BALANCE rows without an amount skipped", () => {
    const statement = parseStatement(fixture("standard-bank-statement.csv"));
    expect(statement).toMatchObject({ bank: "standard_bank", account: "12345678" });
    expect(statement.lines.map(({ line, amount }) => [line, amount])).toEqual([
      [17, "-7000.00"],
      [18, "-22046.86"],
      [19, "150.00"],
      [20, "-35826.69"],
    ]);
    expect(lineAt(statement, 19)).toEqual({
      line: 19,
      date: "2025-04-02",
      amount: "150.00",
      description: "IB PAYMENT FROM M DLAMINI KAN7K3Q9Z 0204 000000000000112 | KAN7K3Q9Z",
      balance: "481013.39",
    });
    // A row without an amount and without a balance label is still a broken row.
    const broken = fixture("standard-bank-statement.csv").toString().replace("+150.00,", ",");
    expect(refusal(broken)).toEqual({ line: 19, reason: "bad_amount" });
  });

  it("Windows-1252: ’ – É € are read with the real table, not as Latin-1 control characters", () => {
    const statement = parseStatement(fixture("fnb-windows-1252.csv"));
    expect(statement.lines.map((entry) => entry.description)).toEqual([
      "FNB APP PAYMENT FROM S O\u2019BRIEN | KAN7K3Q9Z \u2013 LUNCH",
      "POS PURCHASE CAF\u00c9 \u20ac5 PROMO | CARD 1234",
    ]);
  });

  it("OFX: a download cut off after a whole transaction is refused whole", () => {
    const ofx = fixture("statement.ofx").toString();
    const third = ofx.indexOf("</STMTTRN>", ofx.indexOf("</STMTTRN>", ofx.indexOf("</STMTTRN>") + 1) + 1);
    expect(refusal(ofx.slice(0, third + "</STMTTRN>".length))).toEqual({ line: 0, reason: "truncated" });
    expect(refusal(ofx.slice(0, ofx.indexOf("</OFX>")))).toEqual({ line: 0, reason: "truncated" });
  });

  it("OFX: a file with no bank statement is refused, not read as no lines", () => {
    expect(refusal(fixture("ofxparse/signon_success.ofx"))).toEqual({ line: 0, reason: "no_bank_statement" });
    expect(refusal(fixture("ofxparse/investment_medium.ofx"))).toEqual({
      line: 0,
      reason: "no_bank_statement",
    });
    expect(refusal("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX></OFX>\n")).toEqual({
      line: 0,
      reason: "no_bank_statement",
    });
  });

  it("OFX: a credit-card statement and a statement in another currency are refused, saying which", () => {
    expect(refusal(fixture("ofxparse/chase_cc.qfx"))).toEqual({ line: 0, reason: "credit_card" });
    const dollars = fixture("statement.ofx").toString().replace("<CURDEF>ZAR", "<CURDEF>USD");
    try {
      parseStatement(Buffer.from(dollars));
      throw new Error("the statement was read");
    } catch (error) {
      expect(error).toMatchObject({ line: 0, reason: "not_rand", facts: { currency: "USD" } });
    }
    const foreignLine = fixture("statement.ofx")
      .toString()
      .replace("<TRNAMT>300.00", "<TRNAMT>300.00\n<CURRENCY>\n<CURRATE>18.2\n<CURSYM>EUR\n</CURRENCY>");
    expect(refusal(foreignLine)).toEqual({ line: 0, reason: "not_rand" });
  });

  it("OFX: statements of several accounts in one file are refused, never merged under the first", () => {
    expect(refusal(fixture("ofxparse/multiple_accounts.ofx"))).toEqual({
      line: 0,
      reason: "several_accounts",
    });
    const inRand = fixture("ofxparse/multiple_accounts.ofx")
      .toString()
      .replaceAll("<CURDEF>EUR", "<CURDEF>ZAR");
    expect(refusal(inRand)).toEqual({ line: 0, reason: "several_accounts" });
    // Two statements of one account (two periods) are one account's lines.
    const sameAccount = inRand.replace("<ACCTID>89273829182", "<ACCTID>78934567889");
    const statement = read(sameAccount);
    expect(statement.account).toBe("78934567889");
    expect(statement.lines.map((entry) => entry.amount)).toEqual([
      "219.33",
      "-43.20",
      "130.00",
      "-123.00",
      "123.00",
    ]);
  });

  it("OFX: a < in a MEMO that is no OFX tag stays text, so the reference in it still matches", () => {
    const ofx = fixture("statement.ofx")
      .toString()
      .replace("<MEMO>KAN7K3Q9Z", "<MEMO>LUNCH <KAN7K3Q9Z> GR<5")
      .replace("<MEMO>LUNCH NOV", "<MEMO>LUNCH NOV</MEMO>");
    const statement = read(ofx);
    expect(statement.lines[0]?.description).toBe(
      "FNB APP PAYMENT FROM M DLAMINI | LUNCH <KAN7K3Q9Z> GR<5 | 202611240001",
    );
    expect(statement.lines[5]?.description).toBe("FNB APP PAYMENT FROM T NAIDOO | LUNCH NOV | 202611270001");
    expect(referencedCredits(statement).map((entry) => entry.line)).toEqual([1, 3, 4]);
  });
});

describe("cells", () => {
  it.each([
    ["2026/11/24"],
    ["24/11/2026"],
    ["20261124"],
    ["24Nov2026"],
    ["24 Nov 2026"],
    ["2026-11-24"],
    ["24-Nov-26"],
    ["24 November 2026"],
    ["24.11.2026"],
    ["2026-11-24 10:15:00"],
    ["24 Des 2026"],
  ])("reads the date %s", (date) => {
    const expected = date.includes("Des") ? "2026-12-24" : "2026-11-24";
    expect(read(fnbShort(`${date},150.00,150.00,EFT KAN7K3Q9Z`)).lines[0]?.date).toBe(expected);
  });

  it("refuses dates that are not on the calendar or not dates", () => {
    for (const date of [
      "2026/02/30",
      "31/04/2026",
      "13/13/2026",
      "24Foo2026",
      "2026",
      "24/11",
      "yesterday",
    ]) {
      expect(parseDate(date), date).toBeNull();
    }
    expect(refusal(fnbShort("2026/11/24,1.00,1.00,A", "2026/02/30,2.00,3.00,B"))).toEqual({
      line: 3,
      reason: "bad_date",
    });
  });

  it.each([
    ["1,234.56", "1234.56"],
    ["1 234.56", "1234.56"],
    ["1\u00a0234.56", "1234.56"],
    ["R 1 234.56", "1234.56"],
    ["R1,234,567.89", "1234567.89"],
    ["-R30,000.00", "-30000.00"],
    ["R-20", "-20.00"],
    ["+000000000150.00", "150.00"],
    ["150", "150.00"],
    ["150.5", "150.50"],
    ["150,50", "150.50"],
    ["1.234,56", "1234.56"],
    ["(50.00)", "-50.00"],
    ["50.00-", "-50.00"],
    ["150.00 Cr", "150.00"],
    ["20.00 Dr", "-20.00"],
    ["0.00", "0.00"],
    ["-0.50", "-0.50"],
  ])("reads the amount %s as %s", (amount, expected) => {
    const statement = read(fnbShort(`2026/11/24,"${amount}","${amount}",EFT`));
    expect(statement.lines[0]).toMatchObject({ amount: expected, balance: expected });
  });

  it("refuses amounts that are not one number", () => {
    for (const amount of ["12O.00", "1.2.3", "150.005", "--5", "-R-5", "1,23,4", "R", "abc", "1e5"]) {
      expect(parseAmount(amount), amount).toBeNull();
    }
  });

  it("reads money in and money out columns, either sign on money out", () => {
    const statement = read(
      [
        "Nr,Account,Posting Date,Transaction Date,Description,Original Description,Parent Category,Category,Money In,Money Out,Fee,Balance",
        "1,1234567890,2026-11-24,2026-11-23,Payment Received: M Dlamini,KAN7K3Q9Z,Transfer,Transfer,150.00,,,1150.00",
        "2,1234567890,2026-11-24,2026-11-24,Card Purchase,Spar,Groceries,Groceries,,-80.00,,1070.00",
        "3,1234567890,2026-11-25,2026-11-25,Debit Order,Insurer,Insurance,Insurance,,99.00,,971.00",
        "4,1234567890,2026-11-25,2026-11-25,SMS Notification Fee,,Fees,Fees,,,-0.35,970.65",
      ].join("\n"),
    );
    expect(statement.bank).toBe("capitec");
    expect(statement.account).toBe("1234567890");
    expect(statement.lines.map(({ amount, date }) => [date, amount])).toEqual([
      ["2026-11-24", "150.00"],
      ["2026-11-24", "-80.00"],
      ["2026-11-25", "-99.00"],
      ["2026-11-25", "-0.35"],
    ]);
    expect(statement.lines[0]?.description).toBe("Payment Received: M Dlamini | KAN7K3Q9Z");
  });

  it("keeps formula-like text as plain text", () => {
    const statement = read(fnbShort('2026/11/24,150.00,150.00,"=HYPERLINK(""http://x"",""y"")"'));
    expect(statement.lines[0]?.description).toBe('=HYPERLINK("http://x","y")');
    expect(typeof statement.lines[0]?.description).toBe("string");
  });

  it("drops control and invisible format characters from descriptions", () => {
    const statement = read(
      fnbShort("2026/11/24,150.00,150.00,KAN\u200b7K3Q9Z\u0007 \u202eEVIL\u202c  PAYMENT\t"),
    );
    expect(statement.lines[0]?.description).toBe("KAN7K3Q9Z EVIL PAYMENT");
  });
});

describe("file shapes", () => {
  it("skips blank lines, a repeated header, total and balance rows, but not a payment that mentions a total", () => {
    const statement = read(
      [
        "ACC-NO,62000000000",
        "Opening Balance,1000.00",
        "",
        "Date,Amount,Balance,Description",
        "2026/11/23,0.00,1000.00,OPENING BALANCE",
        "",
        "2026/11/24,-150.00,850.00,TOTAL SPORTS CANAL WALK",
        "2026/11/24,150.00,1000.00,KAN7K3Q9Z",
        "Date,Amount,Balance,Description",
        "Total,0.00,,",
        "Closing Balance,,1000.00,",
        "",
      ].join("\n"),
    );
    expect(statement.account).toBe("62000000000");
    expect(statement.lines.map((entry) => [entry.line, entry.description])).toEqual([
      [7, "TOTAL SPORTS CANAL WALK"],
      [8, "KAN7K3Q9Z"],
    ]);
  });

  it("reads a file with a UTF-8 byte-order mark and CRLF line ends", () => {
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from("Date,Amount,Balance,Description\r\n2026/11/24,150.00,150.00,KAN7K3Q9Z\r\n"),
    ]);
    expect(parseStatement(file)).toEqual({
      bank: "fnb",
      account: null,
      lines: [{ line: 2, date: "2026-11-24", amount: "150.00", description: "KAN7K3Q9Z", balance: "150.00" }],
    });
  });

  it("strips NUL bytes anywhere, also a UTF-16 file without its byte-order mark", () => {
    const text = fnbShort("2026/11/24,150.00,150.00,KAN7K3Q9Z");
    const scattered = Buffer.from(text.replaceAll(",", "\u0000,\u0000").replace("KAN", "K\u0000AN"));
    expect(parseStatement(scattered).lines[0]).toMatchObject({ amount: "150.00", description: "KAN7K3Q9Z" });
    expect(parseStatement(Buffer.from(text, "utf16le")).lines[0]).toMatchObject({ description: "KAN7K3Q9Z" });
  });

  it("reads UTF-16 with its byte-order mark and Windows-1252 text", () => {
    const text = fnbShort("2026/11/24,150.00,150.00,CAFÉ KAN7K3Q9Z");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(parseStatement(utf16).lines[0]?.description).toBe("CAFÉ KAN7K3Q9Z");
    expect(parseStatement(Buffer.from(text, "latin1")).lines[0]?.description).toBe("CAFÉ KAN7K3Q9Z");
  });

  it("reads a semicolon-separated export", () => {
    const statement = read(
      "Date;Amount;Balance;Description\n24/11/2026;150,00;1 150,00;KAN7K3Q9Z, lunch\n24/11/2026;-20,00;1 130,00;FEE\n",
    );
    expect(statement.lines.map(({ amount, balance, description }) => [amount, balance, description])).toEqual(
      [
        ["150.00", "1150.00", "KAN7K3Q9Z, lunch"],
        ["-20.00", "1130.00", "FEE"],
      ],
    );
  });

  it("refuses a file it does not recognise, and an empty one", () => {
    expect(refusal("Name,Surname,Amount\nThandi,Mokoena,150.00\n")).toEqual({
      line: 0,
      reason: "unknown_format",
    });
    expect(refusal("Date,Description,Amount,Balance,Extra\n20261124,X,1.00,1.00,x\n")).toEqual({
      line: 0,
      reason: "unknown_format",
    });
    expect(refusal("")).toEqual({ line: 0, reason: "empty" });
    expect(refusal("\n\n  \n")).toEqual({ line: 0, reason: "empty" });
  });

  it("refuses the whole file for one broken amount, naming its line", () => {
    const broken = fixture("fnb.csv").toString("latin1").replace(",1200,", ",12O0,");
    expect(refusal(Buffer.from(broken, "latin1"))).toEqual({ line: 7, reason: "bad_amount" });
    expect(refusal(fnbShort("2026/11/24,150.00,150.00,A", "2026/11/24,,150.00,B"))).toEqual({
      line: 3,
      reason: "bad_amount",
    });
    expect(refusal(fnbShort("2026/11/24,150.00,15O.00,A"))).toEqual({ line: 2, reason: "bad_balance" });
  });

  it("refuses a transaction row with the wrong number of columns", () => {
    expect(refusal(fnbShort("2026/11/24,150.00,150.00,A", "2026/11/24,150.00,150.00,A,extra"))).toEqual({
      line: 3,
      reason: "column_count",
    });
    expect(refusal(fnbShort("2026/11/24,150.00"))).toEqual({ line: 2, reason: "column_count" });
  });

  it("refuses a Standard Bank record it does not know", () => {
    const file = fixture("standard-bank.csv").toString().replace("HIST,20261105", "XYZ,20261105");
    expect(refusal(file)).toEqual({ line: 7, reason: "unknown_record" });
  });

  it("refuses an OFX transaction that is not closed or has no amount, by its ordinal", () => {
    const ofx = fixture("statement.ofx").toString();
    const secondClose = ofx.indexOf("</STMTTRN>", ofx.indexOf("</STMTTRN>") + 1);
    expect(refusal(ofx.slice(0, secondClose) + ofx.slice(secondClose + "</STMTTRN>".length))).toEqual({
      line: 2,
      reason: "unclosed_transaction",
    });
    expect(refusal(ofx.replace("<TRNAMT>300.00", "<TRNAMT>three hundred"))).toEqual({
      line: 3,
      reason: "bad_amount",
    });
    expect(refusal(ofx.replace("<DTPOSTED>20261125\r\n", "<DTPOSTED>2026-11\r\n"))).toEqual({
      line: 3,
      reason: "bad_date",
    });
  });

  it("refuses binary content at line 0", () => {
    // A fixed pseudo-random byte stream, so the test is the same every run.
    let seed = 7;
    const noise = Buffer.from(
      Array.from({ length: 4096 }, () => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed >>> 24;
      }),
    );
    expect(refusal(noise)).toEqual({ line: 0, reason: "binary" });
    expect(refusal(Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"))).toEqual({
      line: 0,
      reason: "binary",
    });
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toEqual({ line: 0, reason: "binary" });
  });

  it("refuses a line longer than 10,000 characters at that line", () => {
    expect(
      refusal(fnbShort("2026/11/24,150.00,150.00,A", `2026/11/24,1.00,151.00,${"X".repeat(10_001)}`)),
    ).toEqual({
      line: 3,
      reason: "line_too_long",
    });
  });

  it("reads a 2 MB, 10,000-line FNB export", () => {
    const rows = ["ACCOUNT TRANSACTION HISTORY", "FOR ACCOUNT NUMBER 62812345678"];
    rows.push("Date,SERVICE FEE,Amount,DESCRIPTION,REFERENCE,Balance,CHEQUE NUMBER");
    for (let index = 0; index < 10_000; index++) {
      const day = String((index % 28) + 1).padStart(2, "0");
      const amount = index % 3 === 0 ? `-${index % 997}.25` : `${(index % 500) + 1}`;
      rows.push(
        `2026/11/${day},0,${amount},"FNB APP PAYMENT FROM PARENT NUMBER ${index}, GRADE ${index % 12}","KAN7K3Q9Z LUNCH WEEK ${index % 52} ${"X".repeat(90)}",${index}.55,0`,
      );
    }
    const file = Buffer.from(rows.join("\r\n"));
    expect(file.length).toBeGreaterThan(1_900_000);
    const statement = parseStatement(file);
    expect(statement.lines).toHaveLength(10_000);
    expect(statement.lines[9_999]).toMatchObject({ line: 10_003, balance: "9999.55" });
  });
});
