/** Whole minutes left until `cutoffAt`, never below 0. */
export function minutesUntil(cutoffAt: string, now: Date): number {
  return Math.max(0, Math.floor((new Date(cutoffAt).getTime() - now.getTime()) / 60_000));
}

/** Under a day the card counts down; further away it names the moment. */
export const COUNTDOWN_FROM_MINUTES = 24 * 60;

/** `{hours, minutes}` of a countdown, for "Sluit oor 2 h 5 min". */
export function countdownParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
