import { describe, expect, it } from "vitest";
import { renderWithApp, screen, within } from "../../../test/test-utils";
import { readFilters } from "../orders-filters";
import { OrdersTable } from "./orders-table";

const props = {
  filters: readFilters(new URLSearchParams(), "2031-06-11"),
  filtered: false,
  language: "af" as const,
  timeZone: "Africa/Johannesburg",
  onChange: () => {},
  onOpen: () => {},
  onNewOrder: () => {},
};

describe("OrdersTable while loading", () => {
  it("shows rows to come and a progress bar, never an empty list or '0–0 van 0'", () => {
    renderWithApp(<OrdersTable {...props} page={undefined} loading />);
    const table = screen.getByRole("table", { name: "Bestellings in hierdie tydperk" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("progressbar", { name: "Bladsy word gelaai…" })).toBeInTheDocument();
    expect(table.querySelectorAll("tbody .MuiSkeleton-root").length).toBeGreaterThan(0);
    expect(screen.queryByText(/0–0 van 0/)).not.toBeInTheDocument();
    expect(screen.queryByText("Geen bestellings in hierdie tydperk nie")).not.toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Afhaaldatum" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Besteldatum" })).toBeInTheDocument();
  });

  it("counts once the page is there", () => {
    renderWithApp(<OrdersTable {...props} page={{ rows: [], total: 0 }} loading={false} />);
    expect(screen.getByText("Geen bestellings in hierdie tydperk nie")).toBeInTheDocument();
  });
});
