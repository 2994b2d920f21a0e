import { CUSTOMER_TABS, type CustomerTab } from "@kantien/domain/people";
import type { CustomerListParams } from "./api/customers-api";

export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100] as const;

const isTab = (value: string | null): value is CustomerTab =>
  value !== null && (CUSTOMER_TABS as readonly string[]).includes(value);

/** The list's search, role, tab and page live in the address, so a reload or a link keeps them. */
export function readCustomerParams(params: URLSearchParams): CustomerListParams {
  const role = params.get("role");
  const rows = Number(params.get("rows"));
  const page = Number(params.get("page"));
  const tab = params.get("tab");
  return {
    q: params.get("q")?.trim() ?? "",
    role: role === "1" ? 1 : role === "2" ? 2 : null,
    tab: isTab(tab) ? tab : "all",
    page: Number.isInteger(page) && page > 0 ? page : 0,
    rows: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : ROWS_PER_PAGE_OPTIONS[0],
  };
}

export function writeCustomerParams(value: CustomerListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (value.q) params.set("q", value.q);
  if (value.role) params.set("role", String(value.role));
  if (value.tab !== "all") params.set("tab", value.tab);
  if (value.page > 0) params.set("page", String(value.page));
  if (value.rows !== ROWS_PER_PAGE_OPTIONS[0]) params.set("rows", String(value.rows));
  return params;
}
