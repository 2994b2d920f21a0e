import { PEOPLE_SORTS, type PeopleSort } from "@kantien/domain/people";
import { useLayoutEffect, useRef } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";

/** Rows per page of the server-paged people lists. */
export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** A server-searched, filtered, sorted and paged list (people.ts: `?q&role&tab&sort&limit&offset`). */
export type ListParams<Role extends number, Tab extends string> = {
  q: string;
  role: Role | null;
  tab: Tab;
  sort: PeopleSort;
  page: number;
  rows: number;
};

/** Reads a list's search, role, tab and page from the address (a reload or a link keeps them). */
export function readListParams<Role extends number, Tab extends string>(
  params: URLSearchParams,
  roles: readonly Role[],
  tabs: readonly [Tab, ...Tab[]],
): ListParams<Role, Tab> {
  const role = Number(params.get("role"));
  const rows = Number(params.get("rows"));
  const page = Number(params.get("page"));
  const tab = params.get("tab");
  const sort = params.get("sort");
  return {
    q: params.get("q")?.trim() ?? "",
    role: roles.find((r) => r === role) ?? null,
    tab: tabs.find((t) => t === tab) ?? tabs[0],
    sort: PEOPLE_SORTS.find((s) => s === sort) ?? "name",
    page: Number.isInteger(page) && page > 0 ? page : 0,
    rows: ROWS_PER_PAGE_OPTIONS.find((r) => r === rows) ?? ROWS_PER_PAGE_OPTIONS[0],
  };
}

/** The address form of a list's state; defaults are left out. */
export function writeListParams(value: ListParams<number, string>): URLSearchParams {
  const params = new URLSearchParams();
  if (value.q) params.set("q", value.q);
  if (value.role) params.set("role", String(value.role));
  if (value.tab !== "all") params.set("tab", value.tab);
  if (value.sort !== "name") params.set("sort", value.sort);
  if (value.page > 0) params.set("page", String(value.page));
  if (value.rows !== ROWS_PER_PAGE_OPTIONS[0]) params.set("rows", String(value.rows));
  return params;
}

/** The API path of one page of a list. */
export function listApiPath(base: string, value: ListParams<number, string>): string {
  const search = new URLSearchParams();
  if (value.q) search.set("q", value.q);
  if (value.role) search.set("role", String(value.role));
  if (value.tab !== "all") search.set("tab", value.tab);
  if (value.sort !== "name") search.set("sort", value.sort);
  search.set("limit", String(value.rows));
  search.set("offset", String(value.page * value.rows));
  return `${base}?${search}`;
}

/** Every server-paged list pages the same way. */
export type Paging = { page: number; rows: number };

/** How a list's state is kept in the address (a reload or a link keeps it). */
export type ListCodec<T extends Paging> = {
  /** Anything missing or malformed takes its default. */
  read: (params: URLSearchParams) => T;
  /** Defaults are left out, so a plain address stays plain. */
  write: (value: T) => URLSearchParams;
  /** A search or filter is in force (the empty list then says nothing matched). */
  isFiltered: (value: T) => boolean;
};

/** A list's state kept in the address, and the ways to change it. */
export type ListState<T extends Paging> = {
  params: T;
  filtered: boolean;
  /**
   * Any change but paging itself starts again at the first page. Given a function, the change
   * is made from the list's state as last written (see `useSearchAsWritten`).
   */
  change: (next: Partial<T> | ((current: T) => Partial<T>)) => void;
  setPage: (page: number, rows: number) => void;
};

/**
 * The one way a screen keeps a list's search, filters and page in the address. `keep` names
 * address parameters that are not the list's (an open dialog's id) and stay as they are.
 */
export function useListState<T extends Paging>(
  codec: ListCodec<T>,
  { keep = [] }: { keep?: readonly string[] } = {},
): ListState<T> {
  const address = useSearchAsWritten();
  const params = codec.read(address.search);
  const write = (next: (current: T) => T) => {
    const current = address.written();
    const written = codec.write(next(codec.read(current)));
    for (const name of keep) {
      const value = current.get(name);
      if (value !== null) written.set(name, value);
    }
    address.write(written, { replace: true });
  };
  return {
    params,
    filtered: codec.isFiltered(params),
    change: (next) =>
      write((current) => ({ ...current, page: 0, ...(typeof next === "function" ? next(current) : next) })),
    setPage: (page, rows) => write((current) => ({ ...current, page, rows })),
  };
}

/** The people lists' address form: `?q&role&tab&page&rows`. */
export function peopleListCodec<Role extends number, Tab extends string>(
  roles: readonly Role[],
  tabs: readonly [Tab, ...Tab[]],
): ListCodec<ListParams<Role, Tab>> {
  return {
    read: (params) => readListParams(params, roles, tabs),
    write: writeListParams,
    isFiltered: (value) => value.q !== "" || value.role !== null || value.tab !== "all",
  };
}

/** How one address parameter, named by its key in the state, is read and written; `null` leaves it out. */
export type AddressParam<V> = {
  /** Anything missing or malformed takes its default. */
  read: (raw: string | null) => V;
  write: (value: V) => string | null;
};

/** A screen's state other than a list's, kept in the address, and the way to change it. */
export type AddressState<T> = {
  params: T;
  /**
   * Writes only the parameters named in `next`; every other parameter stays as it is. Given a
   * function, the change is made from the state as last written (see `useSearchAsWritten`).
   */
  change: (next: Partial<T> | ((current: T) => Partial<T>)) => void;
};

/**
 * The one way a screen keeps state other than a list's in the address (a chosen week, an open
 * dialog, what to print), beside `useListState`. A change replaces the history entry unless
 * `push` makes it a step of its own, which the back button undoes (an open dialog).
 */
export function useAddressState<T extends object>(
  fields: { [K in keyof T]: AddressParam<T[K]> },
  { push = false }: { push?: boolean } = {},
): AddressState<T> {
  const address = useSearchAsWritten();
  const names = Object.keys(fields) as (keyof T & string)[];
  const read = (search: URLSearchParams) =>
    Object.fromEntries(names.map((name) => [name, fields[name].read(search.get(name))])) as T;
  const change = (next: Partial<T> | ((current: T) => Partial<T>)) => {
    const current = address.written();
    const changes = typeof next === "function" ? next(read(current)) : next;
    const written = new URLSearchParams(current);
    for (const name of names) {
      if (!(name in changes)) continue;
      const value = fields[name].write(changes[name] as T[typeof name]);
      if (value === null) written.delete(name);
      else written.set(name, value);
    }
    address.write(written, { replace: !push });
  };
  return { params: read(address.search), change };
}

/**
 * The address's search as shown, and as this screen last wrote it. React Router renders a new
 * address in a transition, so a second click can come before the render that shows the first
 * one's change; a change made from what was last written then builds on the first ("previous
 * week" twice goes back two weeks), where one made from the screen would repeat it.
 */
function useSearchAsWritten() {
  const [search, setSearch] = useSearchParams();
  // Written but not yet shown, oldest first.
  const unshown = useRef<string[]>([]);
  useLayoutEffect(() => {
    const shown = unshown.current.indexOf(search.toString());
    // Not one of ours (the back button, a link): nothing written is waiting any more.
    unshown.current = shown === -1 ? [] : unshown.current.slice(shown + 1);
  }, [search]);
  return {
    search,
    written: () => new URLSearchParams(unshown.current.at(-1) ?? search),
    write: (next: URLSearchParams, options: NavigateOptions) => {
      unshown.current.push(next.toString());
      setSearch(next, options);
    },
  };
}

/** A parameter that is one of `allowed`, else `fallback`. */
export function oneOfParam<V extends string>(allowed: readonly V[], fallback: V): AddressParam<V> {
  return {
    read: (raw) => allowed.find((value) => value === raw) ?? fallback,
    write: (value) => value,
  };
}

/** A parameter kept as it is written, or absent. */
export const textParam: AddressParam<string | null> = {
  read: (raw) => raw,
  write: (value) => value || null,
};

/** One page of a server-paged list and how many rows match in all. */
export type Page<Row> = { rows: Row[]; total: number };
