import { readStorage, writeStorage } from "./storage";

/*
 * Whom the ordering app acts for: oneself, or a learner a guardian is linked to, whose menu,
 * orders and wallet are then `/api/my/learners/:id/…` (docs/decisions/0068-who-eats-and-who-pays.md).
 * Kept on this device; the guardian's switch (features/my-learners) checks it against their links
 * and has the layout render again when it changes.
 */
// Read from storage every time, never kept in the module: the device's choice is the one truth.
const STORAGE_KEY = "acting-for";

export function actingFor(): string | null {
  return readStorage(STORAGE_KEY);
}

export function setActingFor(id: string | null): void {
  writeStorage(STORAGE_KEY, id);
}

/** The ordering API's root for whom the app acts now: `/api/my` or `/api/my/learners/:id`. */
export function orderingApi(): string {
  const learnerId = actingFor();
  return learnerId ? `/api/my/learners/${encodeURIComponent(learnerId)}` : "/api/my";
}

/**
 * The texts' context for whose money and orders a screen shows: none for one's own ("Jou
 * saldo"), "learner" for the learner one acts for ("Die leerder se saldo", keys ending `_learner`).
 * Those of the first load (the menu's day cards and order dialog) come with the learner switch's
 * texts (locales/my-learners), which load before any screen of one who acts for a learner: a
 * student's first load carries none of them.
 */
export const whose = (): "learner" | undefined => (actingFor() ? "learner" : undefined);
