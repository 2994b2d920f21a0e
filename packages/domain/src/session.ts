/**
 * How long before a session's absolute end the kitchen screens warn, so a cook signs in
 * again between orders instead of the board stopping mid-shift (decision 0025).
 */
export const SESSION_WARNING_MINUTES = 60;

/** Whether a session that ends at `endsAt` (an ISO instant) ends within the warning time of `now`. */
export function sessionEndingSoon(endsAt: string, now: Date): boolean {
  return new Date(endsAt).getTime() - now.getTime() < SESSION_WARNING_MINUTES * 60_000;
}
