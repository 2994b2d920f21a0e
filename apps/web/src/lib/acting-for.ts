import { readStorage, writeStorage } from "./storage";

/*
 * Whom the ordering app acts for: oneself, or a learner a guardian is linked to, whose menu,
 * orders and wallet are then `/api/my/learners/:id/…` (docs/decisions/0068-who-eats-and-who-pays.md).
 * Kept on this device; the guardian's switch (features/my-learners) checks it against their links
 * and has the layout render again when it changes.
 */
const STORAGE_KEY = "acting-for";
let learnerId = readStorage(STORAGE_KEY);

export function actingFor(): string | null {
  return learnerId;
}

export function setActingFor(id: string | null): void {
  learnerId = id;
  writeStorage(STORAGE_KEY, id);
}

/** The ordering API's root for whom the app acts now: `/api/my` or `/api/my/learners/:id`. */
export function orderingApi(): string {
  return learnerId ? `/api/my/learners/${encodeURIComponent(learnerId)}` : "/api/my";
}
