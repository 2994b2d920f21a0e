import { describe, expect, it } from "vitest";
import { addDaysIso, todayIn, WEEKDAYS } from "./dates";
import { MESSAGES, message } from "./messages";
import {
  copyableWeekdays,
  copyWeekInput,
  defaultMenuWeek,
  listMenuWeeks,
  proposeNextMenuWeek,
  suggestNextWeek,
  validateWeeklyMenuDates,
  WEEKLY_MENU_DATE_CODES,
  WEEKLY_MENU_DATE_RULES,
  weekLabel,
} from "./weekly-menu";

const WEDNESDAY = "2026-11-18";
const NEXT_WEEK = { dateFrom: "2026-11-23", dateTo: "2026-11-27" };

function menu(date_from: string, date_to: string, id = `${date_from}/${date_to}`) {
  return { id, date_from, date_to };
}

describe("weekly menu date rules", () => {
  const validate = (
    dateFrom: string | null | undefined,
    dateTo: string | null | undefined,
    today = WEDNESDAY,
  ) => validateWeeklyMenuDates({ dateFrom, dateTo }, today, []);

  it("accepts a future Monday to Friday", () => {
    expect(validate(NEXT_WEEK.dateFrom, NEXT_WEEK.dateTo)).toBeNull();
    expect(validate("2030-12-30", "2031-01-03")).toBeNull();
  });

  it("wants both dates", () => {
    for (const [from, to] of [
      ["", NEXT_WEEK.dateTo],
      [NEXT_WEEK.dateFrom, ""],
      [null, NEXT_WEEK.dateTo],
      [NEXT_WEEK.dateFrom, undefined],
      ["", ""],
      ["2026-11-3", NEXT_WEEK.dateTo], // an incomplete date is not filled in
      ["2026-02-30", "2026-03-04"],
    ] as const) {
      expect(validate(from, to), `${from}..${to}`).toBe("weekly_menu_dates_required");
    }
  });

  it("wants the end after the start", () => {
    expect(validate("2026-11-27", "2026-11-23")).toBe("weekly_menu_end_not_after_start");
    expect(validate("2026-11-23", "2026-11-23")).toBe("weekly_menu_end_not_after_start");
    // Before every later rule: a past, reversed range is reversed first.
    expect(validate("2020-01-10", "2020-01-06")).toBe("weekly_menu_end_not_after_start");
  });

  it("wants exactly five days, counted before the weekdays", () => {
    expect(validate("2026-11-23", "2026-11-26")).toBe("weekly_menu_not_five_days"); // Monday to Thursday
    expect(validate("2026-11-23", "2026-11-30")).toBe("weekly_menu_not_five_days"); // Monday to Monday
    expect(validate("2026-11-24", "2026-11-25")).toBe("weekly_menu_not_five_days"); // wrong days too
  });

  it("wants a Monday start", () => {
    expect(validate("2026-11-24", "2026-11-28")).toBe("weekly_menu_not_monday"); // Tuesday to Saturday
    expect(validate("2026-11-22", "2026-11-26")).toBe("weekly_menu_not_monday"); // Sunday to Thursday
  });

  it("checks a Friday end on its own; after five days and a Monday it cannot fail", () => {
    const friday = WEEKLY_MENU_DATE_RULES.find((r) => r.code === "weekly_menu_not_friday")!;
    expect(friday.holds({ dateFrom: "2026-11-24", dateTo: "2026-11-28" }, WEDNESDAY, [])).toBe(false);
    expect(friday.holds({ dateFrom: "2026-11-22", dateTo: "2026-11-27" }, WEDNESDAY, [])).toBe(true);
    // The rules' order: 5 days and Monday are checked first, and together they mean Friday.
    const codes = WEEKLY_MENU_DATE_RULES.map((r) => r.code);
    expect(codes.indexOf("weekly_menu_not_friday")).toBeGreaterThan(codes.indexOf("weekly_menu_not_monday"));
    for (let i = 0; i < 21; i++) {
      for (let j = 0; j < 21; j++) {
        const from = addDaysIso("2026-11-16", i);
        const to = addDaysIso("2026-11-16", j);
        expect(validate(from, to, "2026-01-01"), `${from}..${to}`).not.toBe("weekly_menu_not_friday");
      }
    }
  });

  it("wants a start strictly after today", () => {
    // This week's Monday, on the Wednesday and on the Monday itself.
    expect(validate("2026-11-16", "2026-11-20")).toBe("weekly_menu_not_future");
    expect(validate("2026-11-16", "2026-11-20", "2026-11-16")).toBe("weekly_menu_not_future");
    // On the Sunday before, tomorrow's week is still in the future.
    expect(validate("2026-11-23", "2026-11-27", "2026-11-22")).toBeNull();
    // Shape first, then the date: a past Tuesday start is "Monday".
    expect(validate("2026-11-10", "2026-11-14")).toBe("weekly_menu_not_monday");
  });

  it("refuses a week with identical dates, and only identical", () => {
    const existing = [NEXT_WEEK, { dateFrom: "2026-11-30", dateTo: "2026-12-04" }];
    expect(validateWeeklyMenuDates(NEXT_WEEK, WEDNESDAY, existing)).toBe("weekly_menu_exists");
    expect(
      validateWeeklyMenuDates({ dateFrom: "2026-12-07", dateTo: "2026-12-11" }, WEDNESDAY, existing),
    ).toBeNull();
    // Last in order: a duplicate in the past is past first.
    expect(
      validateWeeklyMenuDates({ dateFrom: "2026-11-16", dateTo: "2026-11-20" }, WEDNESDAY, [
        { dateFrom: "2026-11-16", dateTo: "2026-11-20" },
      ]),
    ).toBe("weekly_menu_not_future");
  });

  it("follows today in the canteen's time zone around midnight", () => {
    const johannesburg = "Africa/Johannesburg";
    // Sunday 23:59 in Johannesburg (21:59 UTC): tomorrow's Monday is still in the future.
    const sundayNight = todayIn(johannesburg, new Date("2026-11-22T21:59:00Z"));
    expect(sundayNight).toBe("2026-11-22");
    expect(validateWeeklyMenuDates(NEXT_WEEK, sundayNight, [])).toBeNull();
    // Monday 00:00 in Johannesburg (22:00 UTC, still Sunday in UTC): too late.
    const mondayMidnight = todayIn(johannesburg, new Date("2026-11-22T22:00:00Z"));
    expect(mondayMidnight).toBe("2026-11-23");
    expect(validateWeeklyMenuDates(NEXT_WEEK, mondayMidnight, [])).toBe("weekly_menu_not_future");
    expect(todayIn("UTC", new Date("2026-11-22T22:00:00Z"))).toBe("2026-11-22");
    expect(weekLabel(NEXT_WEEK, sundayNight)).toBe("future");
    expect(weekLabel(NEXT_WEEK, mondayMidnight)).toBe("current");
  });

  it("has the canteen's Afrikaans text and an English twin for every rule", () => {
    expect(WEEKLY_MENU_DATE_CODES.map((code) => message(code))).toEqual([
      "Vul asseblief die begin- en einddatum in",
      "Die einddatum moet ná die begindatum wees",
      "'n Weeklikse spyskaart moet presies 5 dae dek (Maandag tot Vrydag)",
      "'n Weeklikse spyskaart moet op 'n Maandag begin",
      "'n Weeklikse spyskaart moet op 'n Vrydag eindig",
      "Die weeklikse spyskaart se begindatum moet in die toekoms wees",
      "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
    ]);
    for (const code of WEEKLY_MENU_DATE_CODES) {
      expect(MESSAGES[code].en, code).toMatch(/^[A-Z]/);
      expect(MESSAGES[code].en, code).not.toBe(MESSAGES[code].af);
    }
    expect(WEEKLY_MENU_DATE_RULES.map((r) => r.code)).toEqual(WEEKLY_MENU_DATE_CODES.slice(1));
  });
});

describe("the week selector", () => {
  const menus = [
    menu("2026-11-30", "2026-12-04"),
    menu("2026-11-09", "2026-11-13"),
    menu("2026-11-16", "2026-11-20"),
    menu("2026-11-17", "2026-11-21"), // Tuesday to Saturday
    menu("2026-11-23", "2026-11-26"), // Monday to Thursday
    menu("2026-11-23", "2026-11-27"),
  ];

  it("lists only Monday-to-Friday menus by start, labelled past, current or future", () => {
    const weeks = listMenuWeeks(menus, WEDNESDAY);
    expect(weeks.map((w) => [w.dateFrom, w.label])).toEqual([
      ["2026-11-09", "past"],
      ["2026-11-16", "current"],
      ["2026-11-23", "future"],
      ["2026-11-30", "future"],
    ]);
    expect(weeks[1]?.menu).toBe(menus[2]);
    expect(weeks[1]?.dateTo).toBe("2026-11-20");
  });

  it("calls Monday and Friday current; on a weekend the week is past and the next future", () => {
    const week = { dateFrom: "2026-11-16", dateTo: "2026-11-20" };
    expect(weekLabel(week, "2026-11-16")).toBe("current");
    expect(weekLabel(week, "2026-11-20")).toBe("current");
    expect(weekLabel(week, "2026-11-15")).toBe("future");
    expect(weekLabel(week, "2026-11-21")).toBe("past");
    const saturday = listMenuWeeks(menus, "2026-11-21");
    expect(saturday.map((w) => w.label)).toEqual(["past", "past", "future", "future"]);
    expect(saturday.some((w) => w.label === "current")).toBe(false);
  });

  it("labels across the year boundary", () => {
    const weeks = listMenuWeeks(
      [menu("2027-01-04", "2027-01-08"), menu("2026-12-28", "2027-01-01")],
      "2027-01-01",
    );
    expect(weeks.map((w) => [w.dateFrom, w.label])).toEqual([
      ["2026-12-28", "current"],
      ["2027-01-04", "future"],
    ]);
  });

  it("selects the upcoming week closest to today, else the first, else none", () => {
    const weeks = listMenuWeeks(menus, WEDNESDAY);
    expect(defaultMenuWeek(weeks, WEDNESDAY)?.dateFrom).toBe("2026-11-23");
    // A week starting today counts as upcoming.
    expect(defaultMenuWeek(weeks, "2026-11-16")?.dateFrom).toBe("2026-11-16");
    // Order of the input does not matter.
    expect(defaultMenuWeek([...weeks].reverse(), WEDNESDAY)?.dateFrom).toBe("2026-11-23");
    // Nothing upcoming: the first week of the list.
    expect(defaultMenuWeek(weeks, "2026-12-01")?.dateFrom).toBe("2026-11-09");
    expect(defaultMenuWeek([], WEDNESDAY)).toBeNull();
  });
});

describe("next week for the create dialog", () => {
  it("suggests next week's Monday to Friday, also from a weekend", () => {
    expect(suggestNextWeek("2026-11-16")).toEqual(NEXT_WEEK); // Monday
    expect(suggestNextWeek(WEDNESDAY)).toEqual(NEXT_WEEK);
    expect(suggestNextWeek("2026-11-20")).toEqual(NEXT_WEEK); // Friday
    expect(suggestNextWeek("2026-11-21")).toEqual(NEXT_WEEK); // Saturday: the coming Monday
    expect(suggestNextWeek("2026-11-22")).toEqual(NEXT_WEEK); // Sunday: tomorrow
    expect(suggestNextWeek("2026-12-31")).toEqual({ dateFrom: "2027-01-04", dateTo: "2027-01-08" });
    expect(suggestNextWeek("2028-02-23")).toEqual({ dateFrom: "2028-02-28", dateTo: "2028-03-03" });
  });

  it("the suggestion always passes the rules", () => {
    for (let day = 1; day <= 31; day++) {
      const today = `2026-12-${String(day).padStart(2, "0")}`;
      expect(validateWeeklyMenuDates(suggestNextWeek(today), today, []), today).toBeNull();
    }
  });

  it("proposes the Monday after the latest week's end", () => {
    const menus = [
      menu("2026-11-23", "2026-11-27"),
      menu("2026-12-07", "2026-12-11"),
      menu("2026-11-16", "2026-11-20"),
    ];
    expect(proposeNextMenuWeek(menus, WEDNESDAY)).toEqual({ dateFrom: "2026-12-14", dateTo: "2026-12-18" });
    expect(proposeNextMenuWeek([menu("2026-12-28", "2027-01-01")], WEDNESDAY)).toEqual({
      dateFrom: "2027-01-04",
      dateTo: "2027-01-08",
    });
  });

  it("proposes next week when there is no menu or the latest one is not ahead", () => {
    expect(proposeNextMenuWeek([], WEDNESDAY)).toEqual(NEXT_WEEK);
    expect(proposeNextMenuWeek([menu("2026-10-05", "2026-10-09")], WEDNESDAY)).toEqual(NEXT_WEEK);
    // The latest week is this one: the Monday after it is next week anyway.
    expect(proposeNextMenuWeek([menu("2026-11-16", "2026-11-20")], WEDNESDAY)).toEqual(NEXT_WEEK);
    // Monday after last week is today: not in the future, so next week.
    expect(proposeNextMenuWeek([menu("2026-11-09", "2026-11-13")], "2026-11-16")).toEqual(NEXT_WEEK);
    for (const today of ["2026-11-16", WEDNESDAY, "2026-11-22"]) {
      const proposal = proposeNextMenuWeek([menu("2026-11-09", "2026-11-13")], today);
      expect(validateWeeklyMenuDates(proposal, today, []), today).toBeNull();
    }
  });
});

describe("copyableWeekdays", () => {
  it("gives the days after today: all of a coming week, the rest of this one, none of a past one", () => {
    const wednesday = "2031-03-05";
    expect(copyableWeekdays("2031-03-10", wednesday)).toEqual(WEEKDAYS);
    expect(copyableWeekdays("2031-03-03", wednesday)).toEqual(["Donderdag", "Vrydag"]);
    expect(copyableWeekdays("2031-02-24", wednesday)).toEqual([]);
  });
});

describe("copyWeekInput", () => {
  it("takes a Monday only", () => {
    expect(copyWeekInput.safeParse({ week: "2031-03-10" }).success).toBe(true);
    for (const week of ["2031-03-11", "2031-02-30", "next", ""]) {
      expect(copyWeekInput.safeParse({ week }).success, week).toBe(false);
    }
  });
});
