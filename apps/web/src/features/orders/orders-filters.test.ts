import { describe, expect, it } from "vitest";
import { ordersSearchParams, readFilters, toOrdersQuery, writeFilters } from "./orders-filters";

// Wednesday 11 June 2031: this week is Monday 9 to Sunday 15 June.
const TODAY = "2031-06-11";

describe("orders filters in the address", () => {
  it("defaults to this week, all statuses, newest first, 25 rows, and writes nothing for defaults", () => {
    const filters = readFilters(new URLSearchParams(), TODAY);
    expect(filters).toEqual({
      from: "2031-06-09",
      to: "2031-06-15",
      q: "",
      customer: "",
      status: "all",
      sort: "orderDate",
      dir: "desc",
      page: 0,
      rows: 25,
    });
    expect(writeFilters(filters, TODAY).toString()).toBe("");
  });

  it("round-trips every choice, and ignores malformed values", () => {
    const address = "from=2031-06-02&to=2031-06-06&q=nel&status=paid&sort=amount&dir=asc&page=2&rows=50";
    const filters = readFilters(new URLSearchParams(address), TODAY);
    expect(writeFilters(filters, TODAY).toString()).toBe(address);
    const bad = readFilters(
      new URLSearchParams("from=2031-02-30&customer=nobody&status=lost&sort=id&dir=up&page=-1&rows=7"),
      TODAY,
    );
    expect(bad).toMatchObject({
      from: "2031-06-09",
      customer: "",
      status: "all",
      sort: "orderDate",
      dir: "desc",
      page: 0,
      rows: 25,
    });
  });

  it("asks the server for one page, and exports the same filter without paging", () => {
    const filters = readFilters(new URLSearchParams("q=%20nel%20&status=paid&page=2"), TODAY);
    const query = toOrdersQuery(filters);
    expect(ordersSearchParams(query)).toBe(
      "from=2031-06-09&to=2031-06-15&q=nel&status=paid&sort=orderDate&dir=desc&limit=25&offset=50",
    );
    expect(ordersSearchParams(query, { paged: false })).toBe(
      "from=2031-06-09&to=2031-06-15&q=nel&status=paid&sort=orderDate&dir=desc",
    );
  });

  it("asks for all time when the filter names one customer or one order's id; a pickup number keeps the range", () => {
    const customer = "0a0b0c0d-1111-2222-3333-444455557a7b";
    const mine = readFilters(
      new URLSearchParams(`customer=${customer}&from=2031-06-02&to=2031-06-06`),
      TODAY,
    );
    expect(writeFilters(mine, TODAY).toString()).toBe(`from=2031-06-02&to=2031-06-06&customer=${customer}`);
    expect(ordersSearchParams(toOrdersQuery(mine))).toBe(
      `customer=${customer}&sort=orderDate&dir=desc&limit=25&offset=0`,
    );
    const order = readFilters(new URLSearchParams(`q=${customer}`), TODAY);
    expect(ordersSearchParams(toOrdersQuery(order), { paged: false })).toBe(
      `q=${customer}&sort=orderDate&dir=desc`,
    );
    const number = readFilters(new URLSearchParams("q=%2312&from=2031-06-02&to=2031-06-06"), TODAY);
    expect(ordersSearchParams(toOrdersQuery(number), { paged: false })).toBe(
      "from=2031-06-02&to=2031-06-06&q=%2312&sort=orderDate&dir=desc",
    );
  });
});
