import { type IsoDate, isIsoDate } from "@kantien/domain/dates";
import {
  defaultOrdersRange,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDERS_PAGE_DEFAULT,
  type OrderSort,
  type OrderStatusFilter,
  type OrdersQuery,
  ordersFilterIsPinned,
} from "@kantien/domain/orders-summary";
import { type ListCodec, ROWS_PER_PAGE_OPTIONS } from "../../lib/list-params";

/** Everything the orders screen shows is chosen here, and kept in the address. */
export type OrdersFilters = {
  from: IsoDate;
  to: IsoDate;
  q: string;
  /** One customer's id ("" for everyone): their orders of all time (decision 0015). */
  customer: string;
  status: OrderStatusFilter;
  sort: OrderSort;
  dir: "asc" | "desc";
  page: number;
  rows: number;
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the filters name one customer or one order number: then the date range does not
 * apply and the screen asks for all time (decision 0015).
 */
export function isPinned(filters: Pick<OrdersFilters, "q" | "customer">): boolean {
  return ordersFilterIsPinned({ q: filters.q, customer: filters.customer || undefined });
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

/** Reads the filters from the address; anything missing or malformed takes its default. */
export function readFilters(params: URLSearchParams, today: IsoDate): OrdersFilters {
  const week = defaultOrdersRange(today);
  const from = params.get("from");
  const to = params.get("to");
  const page = Number(params.get("page"));
  const rows = Number(params.get("rows"));
  const customer = params.get("customer") ?? "";
  return {
    from: from && isIsoDate(from) ? from : week.from,
    to: to && isIsoDate(to) ? to : week.to,
    q: params.get("q") ?? "",
    customer: ID.test(customer) ? customer : "",
    status: oneOf(ORDER_STATUS_FILTERS, params.get("status"), "all"),
    sort: oneOf(ORDER_SORTS, params.get("sort"), "orderDate"),
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: Number.isInteger(page) && page > 0 ? page : 0,
    rows: ROWS_PER_PAGE_OPTIONS.find((n) => n === rows) ?? ORDERS_PAGE_DEFAULT,
  };
}

/** Writes the filters back, leaving defaults out so a plain /orders stays plain. */
export function writeFilters(filters: OrdersFilters, today: IsoDate): URLSearchParams {
  const week = defaultOrdersRange(today);
  const params = new URLSearchParams();
  if (filters.from !== week.from || filters.to !== week.to) {
    params.set("from", filters.from);
    params.set("to", filters.to);
  }
  if (filters.q) params.set("q", filters.q);
  if (filters.customer) params.set("customer", filters.customer);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.sort !== "orderDate") params.set("sort", filters.sort);
  if (filters.dir !== "desc") params.set("dir", filters.dir);
  if (filters.page > 0) params.set("page", String(filters.page));
  if (filters.rows !== ORDERS_PAGE_DEFAULT) params.set("rows", String(filters.rows));
  return params;
}

/** The orders list's address form; the default range is this week of `today`. */
export function ordersListCodec(today: IsoDate): ListCodec<OrdersFilters> {
  return {
    read: (params) => readFilters(params, today),
    write: (filters) => writeFilters(filters, today),
    isFiltered: (filters) => filters.q.trim() !== "" || filters.status !== "all" || filters.customer !== "",
  };
}

export function toOrdersQuery(filters: OrdersFilters): OrdersQuery {
  const q = filters.q.trim();
  return {
    ...(isPinned(filters) ? {} : { from: filters.from, to: filters.to }),
    ...(q ? { q } : {}),
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.status !== "all" ? { status: filters.status } : {}),
    sort: filters.sort,
    dir: filters.dir,
    limit: filters.rows,
    offset: filters.page * filters.rows,
  };
}

/** The query string of `GET /api/orders` (and, without paging, of the CSV export), in a fixed order. */
export function ordersSearchParams(query: OrdersQuery, { paged = true } = {}): string {
  const params = new URLSearchParams();
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.q) params.set("q", query.q);
  if (query.customer) params.set("customer", query.customer);
  if (query.status) params.set("status", query.status);
  if (query.sort) params.set("sort", query.sort);
  if (query.dir) params.set("dir", query.dir);
  if (paged && query.limit !== undefined) params.set("limit", String(query.limit));
  if (paged && query.offset !== undefined) params.set("offset", String(query.offset));
  return params.toString();
}
