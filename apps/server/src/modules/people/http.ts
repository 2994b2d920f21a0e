import type { Language } from "@kantien/domain/language";
import { message } from "@kantien/domain/messages";
import { PEOPLE_SORTS } from "@kantien/domain/people";
import { text } from "@kantien/domain/text";
import { z } from "zod";
import { okWith } from "../../envelope";
import { PEOPLE_LIST_DEFAULT_LIMIT, PEOPLE_LIST_MAX_LIMIT } from "./people";

// What the customers and staff APIs share on the wire.

/** A people list's query: search, role, tab, order and the page (people.ts). */
export function peopleListQuery<R extends z.ZodType, T extends readonly ["all", ...string[]]>(
  role: R,
  tabs: T,
) {
  return z.strictObject({
    q: text().max(200).optional(),
    role: role.optional(),
    tab: z.enum(tabs).default("all" as T[number]),
    sort: z.enum(PEOPLE_SORTS).default("name"),
    limit: z.coerce.number().int().min(1).max(PEOPLE_LIST_MAX_LIMIT).default(PEOPLE_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  });
}

/** The answer to a removal (decision 0010): whether the person was anonymised, and saying so. */
export function removedAnswer({ anonymised }: { anonymised: boolean }, language: Language) {
  return okWith({
    anonymised,
    message: message(anonymised ? "person_anonymised" : "person_deleted", language),
  });
}
