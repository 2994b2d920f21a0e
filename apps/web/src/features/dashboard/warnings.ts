import { type DashboardSummary, type WalletOffLedger, weekWithoutMenu } from "@kantien/domain/dashboard";
import { addDaysIso, type IsoDate, mondayOf } from "@kantien/domain/dates";
import { type AppPath, ROUTES, routeRedirect } from "@kantien/domain/route-access";

/** One of the dashboard's warnings: what it is about, its numbers, and where to act (when the role may go there). */
export type DashboardWarning =
  | { key: "late"; severity: "error"; count: number; minutes: number; to: string | null }
  | { key: "walletOffLedger"; severity: "error"; wallet: WalletOffLedger; to: string | null }
  | { key: "nextWeekNoMenu"; severity: "warning"; to: string | null }
  | { key: "daysWithoutMenu"; severity: "warning"; days: IsoDate[]; to: string | null }
  | { key: "bankCredits"; severity: "info"; count: number; to: string | null };

/** The link when the role may open the screen, else none: a cook is told, an admin acts. */
const linkFor = (path: AppPath, roleId: number, search = "") =>
  routeRedirect(path, roleId) === null ? `${path}${search}` : null;

/**
 * What needs doing beyond today's cooking, most urgent first: orders late by the canteen's
 * rules, wallets that do not match their ledger (no day closes until they do), school days
 * without a dish (a whole next week named as such), and bank credits waiting.
 */
export function dashboardWarnings(summary: DashboardSummary, roleId: number): DashboardWarning[] {
  const warnings: DashboardWarning[] = [];
  const { today, daysWithoutMenu, money, walletsOffLedger } = summary;
  if (today.late > 0) {
    warnings.push({
      key: "late",
      severity: "error",
      count: today.late,
      minutes: today.lateMinutes,
      to: linkFor(ROUTES.kitchen, roleId),
    });
  }
  for (const wallet of walletsOffLedger ?? []) {
    warnings.push({ key: "walletOffLedger", severity: "error", wallet, to: linkFor(ROUTES.reports, roleId) });
  }
  const nextMonday = addDaysIso(mondayOf(today.date), 7);
  const nextWeekEmpty = weekWithoutMenu(daysWithoutMenu, nextMonday);
  const days = nextWeekEmpty ? daysWithoutMenu.filter((day) => day < nextMonday) : daysWithoutMenu;
  if (days.length > 0) {
    warnings.push({
      key: "daysWithoutMenu",
      severity: "warning",
      days,
      to: linkFor(ROUTES.menu, roleId, `?week=${mondayOf(days[0] as IsoDate)}`),
    });
  }
  if (nextWeekEmpty) {
    warnings.push({ key: "nextWeekNoMenu", severity: "warning", to: linkFor(ROUTES.menu, roleId) });
  }
  if (money && money.bankCreditsWaiting > 0) {
    warnings.push({
      key: "bankCredits",
      severity: "info",
      count: money.bankCreditsWaiting,
      to: linkFor(ROUTES.money, roleId),
    });
  }
  return warnings;
}
