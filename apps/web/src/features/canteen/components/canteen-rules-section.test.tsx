import type { Settings } from "@kantien/domain/auth";
import type { CanteenRules, CanteenRulesRecord } from "@kantien/domain/canteen";
import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { AppRoutes } from "../../../app/router";
import { type FetchCall, mockFetch, type Route } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";

const stored: CanteenRulesRecord = {
  cutoffTime: "14:30",
  cutoffDaysBefore: 1,
  weeksAhead: 3,
  maxQuantity: 4,
  lowBalanceThreshold: "75.00",
  offlineSaleLimit: "50.00",
  kitchenServiceStart: "07:30",
  kitchenWarnMinutes: 12,
  kitchenLateMinutes: 25,
  version: 4,
};
const personal: Settings = { theme: "light", language: "af", refresh_interval: 30 };

/** `PUT /api/canteen-settings` as the server answers it: the rules as the domain made them. */
const savedReply: Route = (call) => {
  const body = call.body as CanteenRules;
  const threshold = Number(body.lowBalanceThreshold.replace(",", ".")).toFixed(2);
  return {
    body: {
      success: true,
      message: "Die kantien se reëls is gestoor.",
      data: {
        ...body,
        lowBalanceThreshold: threshold,
        offlineSaleLimit: Number(body.offlineSaleLimit.replace(",", ".")).toFixed(2),
        version: stored.version + 1,
      },
    },
  };
};

function renderSettings(
  roleId: number = ROLE.kitchenAdmin,
  getReply: Route = { body: { success: true, data: stored } },
  putReply: Route = savedReply,
) {
  const calls = mockFetch({
    "GET /api/settings": { body: { success: true, settings: personal } },
    "GET /api/canteen-settings": getReply,
    "PUT /api/canteen-settings": putReply,
    // The bank details' section below (bank-details-section.test.tsx tests it).
    "GET /api/canteen-settings/bank-details": {
      body: { success: true, data: { details: null, version: stored.version } },
    },
  });
  const view = renderWithApp(<AppRoutes />, { route: "/canteen", user: testUser(roleId) });
  return { ...view, calls };
}

const canteenCalls = (calls: FetchCall[]) => calls.filter((c) => c.url === "/api/canteen-settings");
const puts = (calls: FetchCall[]) => canteenCalls(calls).filter((c) => c.method === "PUT");
const section = () => screen.getByRole("region", { name: "Bestelreëls" });
const field = (name: string) => within(section()).getByRole("textbox", { name });
const minutes = (name: "Geel ná (minute)" | "Rooi ná (minute)") =>
  within(section()).getByRole("spinbutton", { name });
const saveButton = () => within(section()).getByRole("button", { name: "Stoor kantienreëls" });

async function loaded() {
  return within(await screen.findByRole("region", { name: "Bestelreëls" })).findByRole("button", {
    name: "Stoor kantienreëls",
  });
}

describe("the canteen's rules on /canteen", () => {
  it("shows an admin the canteen's page with the stored rules, apart from personal settings", async () => {
    renderSettings();
    await loaded();
    expect(within(section()).getByText("Hierdie reëls geld vir elke klant se bestellings.")).toBeVisible();
    expect(field("Sluitingstyd vir bestellings")).toHaveValue("14:30");
    expect(within(section()).getByRole("combobox", { name: "Sluitingsdag" })).toHaveTextContent(
      "1 skooldag vooraf",
    );
    expect(within(section()).getByRole("spinbutton", { name: "Weke vooruit" })).toHaveValue(3);
    expect(
      within(section()).getByRole("spinbutton", { name: "Maksimum porsies per bestelling" }),
    ).toHaveValue(4);
    // Rand in the Afrikaans way.
    expect(field("Drempel vir 'n lae saldo")).toHaveValue("75,00");
    // The kitchen board's ageing, under a heading of its own.
    expect(within(section()).getByRole("heading", { name: "Kombuisbord" })).toBeVisible();
    expect(minutes("Geel ná (minute)")).toHaveValue(12);
    expect(minutes("Rooi ná (minute)")).toHaveValue(25);
    // A page of its own, not the personal settings'.
    expect(screen.getByRole("heading", { level: 1, name: "Kantien" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Stoor" })).toBeNull();
  });

  it("offers the day itself or 1 to 5 school days before", async () => {
    const { user } = renderSettings();
    await loaded();
    await user.click(within(section()).getByRole("combobox", { name: "Sluitingsdag" }));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Op die dag self",
      "1 skooldag vooraf",
      "2 skooldae vooraf",
      "3 skooldae vooraf",
      "4 skooldae vooraf",
      "5 skooldae vooraf",
    ]);
  });

  it("is not on a cook's personal settings, which never ask for the rules", async () => {
    const calls = mockFetch({
      "GET /api/settings": { body: { success: true, settings: personal } },
      "GET /api/canteen-settings": { body: { success: true, data: stored } },
    });
    renderWithApp(<AppRoutes />, { route: "/settings", user: testUser(ROLE.kitchenAdmin) });
    expect(await screen.findByRole("button", { name: "Stoor" })).toBeVisible();
    expect(screen.queryByRole("region", { name: "Bestelreëls" })).toBeNull();
    expect(screen.queryByText("Hierdie reëls geld vir elke klant se bestellings.")).toBeNull();
    expect(canteenCalls(calls)).toEqual([]);
  });

  it("refuses a time that is not HH:MM and 9 weeks on the spot, without a request", async () => {
    const { user, calls } = renderSettings();
    await loaded();
    const time = field("Sluitingstyd vir bestellings");
    await user.clear(time);
    await user.type(time, "25:00");
    const weeks = within(section()).getByRole("spinbutton", { name: "Weke vooruit" });
    await user.clear(weeks);
    await user.type(weeks, "9");
    await user.click(saveButton());

    await waitFor(() => expect(time).toHaveAccessibleDescription("Voer 'n tyd in as UU:MM, bv. 09:00."));
    expect(time).toHaveAttribute("aria-invalid", "true");
    // The first refused field takes the focus, so a screen reader says why at once.
    expect(time).toHaveFocus();
    expect(weeks).toHaveAttribute("aria-invalid", "true");
    expect(weeks).toHaveAccessibleDescription("Voer 1 tot 8 weke in.");
    expect(puts(calls)).toEqual([]);
  });

  it("refuses a start of service that is not HH:MM on the spot, without a request", async () => {
    const { user, calls } = renderSettings();
    await loaded();
    const serviceStart = field("Kombuis begin om");
    expect(serviceStart).toHaveAccessibleDescription(
      "UU:MM, 24-uur. Bestellings wat vroeër geplaas is, wag eers van hierdie tyd af.",
    );
    await user.clear(serviceStart);
    await user.type(serviceStart, "7:30");
    await user.click(saveButton());

    await waitFor(() =>
      expect(serviceStart).toHaveAccessibleDescription(
        "Voer die tyd in waarop die kombuis begin as UU:MM, bv. 07:30.",
      ),
    );
    expect(serviceStart).toHaveAttribute("aria-invalid", "true");
    expect(serviceStart).toHaveFocus();
    expect(puts(calls)).toEqual([]);
  });

  it("refuses red at or before amber, and minutes out of range, on the spot, without a request", async () => {
    const { user, calls } = renderSettings();
    await loaded();
    const late = minutes("Rooi ná (minute)");
    await user.clear(late);
    await user.type(late, "12");
    await user.click(saveButton());

    await waitFor(() =>
      expect(late).toHaveAccessibleDescription("Die drempel vir rooi moet later wees as dié vir geel."),
    );
    expect(late).toHaveAttribute("aria-invalid", "true");
    expect(late).toHaveFocus();
    expect(minutes("Geel ná (minute)")).toHaveAttribute("aria-invalid", "false");

    // Amber moved earlier puts red after it again: the red field clears at once.
    const warn = minutes("Geel ná (minute)");
    await user.clear(warn);
    await user.type(warn, "5");
    await waitFor(() => expect(late).toHaveAttribute("aria-invalid", "false"));
    expect(late).toHaveAccessibleDescription("En rooi ná soveel minute, later as geel: tot 600.");

    await user.clear(warn);
    await user.type(warn, "0");
    await user.clear(late);
    await user.type(late, "601");
    await user.click(saveButton());
    await waitFor(() => expect(warn).toHaveAccessibleDescription("Voer 1 tot 600 minute in."));
    expect(late).toHaveAccessibleDescription("Voer 1 tot 600 minute in.");
    expect(warn).toHaveFocus();
    expect(puts(calls)).toEqual([]);
  });

  it("saves the rules, the threshold as the domain reads it, and says the server's message", async () => {
    const { user, calls } = renderSettings();
    await loaded();
    const time = field("Sluitingstyd vir bestellings");
    await user.clear(time);
    await user.type(time, "10:30");
    await user.click(within(section()).getByRole("combobox", { name: "Sluitingsdag" }));
    await user.click(screen.getByRole("option", { name: "2 skooldae vooraf" }));
    const quantity = within(section()).getByRole("spinbutton", { name: "Maksimum porsies per bestelling" });
    await user.clear(quantity);
    await user.type(quantity, "20");
    const threshold = field("Drempel vir 'n lae saldo");
    await user.clear(threshold);
    await user.type(threshold, "75,5");
    await user.clear(minutes("Rooi ná (minute)"));
    await user.type(minutes("Rooi ná (minute)"), "40");
    const serviceStart = field("Kombuis begin om");
    expect(serviceStart).toHaveValue("07:30");
    await user.clear(serviceStart);
    await user.type(serviceStart, "06:45");
    await user.click(saveButton());

    expect(await screen.findByText("Die kantien se reëls is gestoor.")).toBeVisible();
    expect(puts(calls).map((c) => c.body)).toEqual([
      {
        cutoffTime: "10:30",
        cutoffDaysBefore: 2,
        weeksAhead: 3,
        maxQuantity: 20,
        lowBalanceThreshold: "75.50",
        offlineSaleLimit: "50.00",
        kitchenServiceStart: "06:45",
        kitchenWarnMinutes: 12,
        kitchenLateMinutes: 40,
      },
    ]);
    expect(threshold).toHaveValue("75,50");
    expect(saveButton()).toBeEnabled();
  });

  it("keeps what was typed when saving fails, and says why", async () => {
    const { user } = renderSettings(undefined, undefined, {
      status: 500,
      body: { success: false, message: "Die databasis is nie beskikbaar nie.", code: "database_unavailable" },
    });
    await loaded();
    const weeks = within(section()).getByRole("spinbutton", { name: "Weke vooruit" });
    await user.clear(weeks);
    await user.type(weeks, "6");
    await user.click(saveButton());

    expect(
      await screen.findByText("Kon nie die kantien se reëls stoor nie: Die databasis is nie beskikbaar nie."),
    ).toBeVisible();
    expect(weeks).toHaveValue(6);
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  // Waits on lib/api-client.ts: ApiError does not keep the refusal's `details` yet, so no
  // field can show the server's reason. With `details` kept there, this passes as it stands.
  it("shows the server's refusal of a field on that field", async () => {
    const { user, calls } = renderSettings(undefined, undefined, {
      status: 400,
      body: {
        success: false,
        code: "validation_failed",
        message: "Sommige velde is ongeldig. Kyk asseblief weer.",
        details: [{ field: "lowBalanceThreshold", message: "Die bedrag is te hoog vir hierdie kantien." }],
      },
    });
    await loaded();
    await user.click(saveButton());

    const threshold = field("Drempel vir 'n lae saldo");
    await waitFor(() =>
      expect(threshold).toHaveAccessibleDescription("Die bedrag is te hoog vir hierdie kantien."),
    );
    expect(threshold).toHaveAttribute("aria-invalid", "true");
    expect(threshold).toHaveFocus();
    expect(threshold).toHaveValue("75,00");
    expect(puts(calls)).toHaveLength(1);
  });

  it("says when the rules could not load, and loads them again on Probeer weer", async () => {
    let failing = true;
    const { user } = renderSettings(undefined, () =>
      failing
        ? { status: 500, body: { success: false, message: "Bediener af", code: "internal_error" } }
        : { body: { success: true, data: stored } },
    );
    const alert = await within(await screen.findByRole("region", { name: "Bestelreëls" })).findByRole(
      "alert",
    );
    expect(alert).toHaveTextContent("Kon nie die kantien se reëls laai nie");
    expect(alert).toHaveTextContent("Bediener af");
    expect(within(section()).queryByRole("button", { name: "Stoor kantienreëls" })).toBeNull();

    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Probeer weer" }));
    expect(await within(section()).findByRole("spinbutton", { name: "Weke vooruit" })).toHaveValue(3);
  });
});

describe("the canteen's rules saved meanwhile by another admin (decision 0057)", () => {
  // The other admin moved the cut-off to 10:00: version 5.
  const elsewhere: CanteenRulesRecord = { ...stored, cutoffTime: "10:00", version: 5 };
  const staleReply: Route = (call) =>
    call.headers["If-Match"] === '"4"'
      ? {
          status: 409,
          body: {
            success: false,
            message: "Iemand anders het dit intussen verander. Kyk wat anders is en stoor weer.",
            code: "stale",
            details: { current: elsewhere },
          },
        }
      : savedReply(call);

  it("says what differs now, and saves the admin's edit again over it from the new version", async () => {
    const { user, calls } = renderSettings(ROLE.kitchenAdmin, undefined, staleReply);
    await loaded();
    const weeks = within(section()).getByRole("spinbutton", { name: "Weke vooruit" });
    await user.clear(weeks);
    await user.type(weeks, "5");
    await user.click(saveButton());

    const dialog = await screen.findByRole("alertdialog", {
      name: "Iemand anders het dit intussen verander",
    });
    // What differs from the rules as loaded, not what the admin typed.
    expect(within(dialog).getByText("Sluitingstyd vir bestellings")).toBeVisible();
    expect(within(dialog).getByText("10:00")).toBeVisible();
    expect(within(dialog).queryByText("Weke vooruit")).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Stoor my veranderinge daaroor" }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    const [first, second] = puts(calls);
    expect(first!.headers["If-Match"]).toBe('"4"');
    expect(second!.headers["If-Match"]).toBe('"5"');
    expect(second!.body).toMatchObject({ weeksAhead: 5, cutoffTime: "14:30" });
    expect(await screen.findByText("Die kantien se reëls is gestoor.")).toBeVisible();
  });

  it("shows the new version instead, dropping the admin's edit", async () => {
    const { user, calls } = renderSettings(ROLE.kitchenAdmin, undefined, staleReply);
    await loaded();
    const weeks = within(section()).getByRole("spinbutton", { name: "Weke vooruit" });
    await user.clear(weeks);
    await user.type(weeks, "5");
    await user.click(saveButton());
    const dialog = await screen.findByRole("alertdialog", {
      name: "Iemand anders het dit intussen verander",
    });
    await user.click(within(dialog).getByRole("button", { name: "Wys die nuwe weergawe" }));

    await waitFor(() => expect(field("Sluitingstyd vir bestellings")).toHaveValue("10:00"));
    expect(within(section()).getByRole("spinbutton", { name: "Weke vooruit" })).toHaveValue(3);
    expect(puts(calls)).toHaveLength(1);
  });
});
