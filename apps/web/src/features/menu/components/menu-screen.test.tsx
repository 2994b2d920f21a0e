import type { FoodItem, WeeklyMenu } from "@kantien/domain/admin-data";
import { formatRand } from "@kantien/domain/money";
import { ROLE } from "@kantien/domain/roles";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UploadError, uploadImage } from "../../../lib/upload-image";
import { dateInput, pasteDate } from "../../../test/date-field";
import { mockFetch } from "../../../test/mock-fetch";
import { renderWithApp, screen, testUser, waitFor, within } from "../../../test/test-utils";
import { MenuScreen } from "./menu-screen";

vi.mock("../../../lib/upload-image", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/upload-image")>()),
  uploadImage: vi.fn(),
}));

const menu = (id: string, date_from: string, date_to: string): WeeklyMenu => ({
  id,
  date_from,
  date_to,
  kantien_staff_id: "admin-1",
  creation_date: "2031-05-01T08:00:00Z",
});

const M16 = "0f3c2a1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

// Today is Wednesday 11 June 2031 in the canteen.
const MENUS = [
  menu("m-23", "2031-06-23", "2031-06-27"),
  menu("m-02", "2031-06-02", "2031-06-06"),
  menu("m-09", "2031-06-09", "2031-06-13"),
  menu(M16, "2031-06-16", "2031-06-20"),
  menu("m-odd", "2031-06-10", "2031-06-14"), // Tuesday to Saturday: not a school week
];

const bobotie: FoodItem = {
  id: "item-1",
  name: "Bobotie",
  description: "Met geelrys",
  price: "35.50",
  image_url: "/uploads/bobotie.webp",
  day_of_week: "Maandag",
  weekly_menu_id: M16,
  preparation_time: 20,
  allergens: [
    { code: "gluten", level: "contains" },
    { code: "eggs", level: "contains" },
    { code: "milk", level: "may_contain" },
  ],
  diet: [],
  allergensChecked: { by: "Anna Admin", at: "2031-06-09T08:00:00.000Z" },
  version: 3,
};

const ITEMS_16 = `GET /api/admin/data/food_item?weekly_menu_id=${M16}&limit=50`;
/** The food-item dialog's one save (decision 0028), and its answer. */
const saveRoute = (day: string) => `PUT /api/admin/menus/${M16}/days/${day}/food-item`;
const saved = { body: { success: true, data: {}, replaced: null, notified: 0 } };
const WEEKS = "GET /api/admin/data/weekly_menu?limit=500";

const openMore = async (user: ReturnType<typeof renderScreen>["user"]) =>
  user.click(await screen.findByRole("button", { name: "Meer aksies vir Bobotie" }));

/** Opens the create dialog once the menus have loaded (the button waits for them). */
async function openCreateDialog(user: ReturnType<typeof renderScreen>["user"]) {
  const create = await screen.findByRole("button", { name: "Skep 'n weeklikse spyskaart" });
  await waitFor(() => expect(create).toBeEnabled());
  await user.click(create);
}

function renderScreen(
  menus: WeeklyMenu[] = MENUS,
  extra: Parameters<typeof mockFetch>[0] = {},
  route = "/menu",
) {
  const calls = mockFetch({
    [WEEKS]: { body: { success: true, data: menus, total: menus.length } },
    [ITEMS_16]: { body: { success: true, data: [bobotie], total: 1 } },
    ...extra,
  });
  return { ...renderWithApp(<MenuScreen />, { route, user: testUser(ROLE.kitchenAdmin) }), calls };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2031-06-11T08:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("MenuScreen", () => {
  it("opens on the upcoming week closest to today, one week at a time with its number and dates", async () => {
    renderScreen();

    expect(
      await screen.findByRole("heading", { name: "Week 25 · 16–20 Jun 2031", level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Toekoms")).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();

    // The selected week's cards: Monday's item, the other days empty.
    const monday = await screen.findByRole("region", { name: "Maandag" });
    expect(await within(monday).findByText("Bobotie")).toBeInTheDocument();
    expect(within(monday).getByText("Met geelrys")).toBeInTheDocument();
    expect(monday).toHaveTextContent(formatRand("35.50").replace(/\s/g, " "));
    expect(within(monday).getByText("Voorbereidingstyd: 20 min")).toBeInTheDocument();
    expect(within(monday).getByRole("img", { name: "Bobotie" })).toHaveAttribute(
      "src",
      "/uploads/bobotie.webp",
    );
    // Labelled actions: edit at hand, replace and delete in a labelled menu.
    expect(within(monday).getByRole("button", { name: "Wysig Bobotie" })).toHaveTextContent("Wysig");
    expect(within(monday).getByRole("button", { name: "Meer aksies vir Bobotie" })).toHaveTextContent("Meer");
    expect(screen.getAllByRole("region")).toHaveLength(5);
    expect(
      within(screen.getByRole("region", { name: "Vrydag" })).getByRole("button", {
        name: "Voeg 'n item vir Vrydag by",
      }),
    ).toBeInTheDocument();
  });

  it("steps a week back and forth with the arrows, and back to this week in one click", async () => {
    const { user, calls } = renderScreen(MENUS, {
      "GET /api/admin/data/food_item?weekly_menu_id=m-23&limit=50": {
        body: { success: true, data: [], total: 0 },
      },
      "GET /api/admin/data/food_item?weekly_menu_id=m-09&limit=50": {
        body: { success: true, data: [], total: 0 },
      },
    });
    await screen.findByRole("heading", { name: "Week 25 · 16–20 Jun 2031" });

    await user.click(screen.getByRole("button", { name: "Volgende week" }));
    expect(await screen.findByRole("heading", { name: "Week 26 · 23–27 Jun 2031" })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes("weekly_menu_id=m-23"))).toBe(true));

    // A week without a menu says so; one still to come can be made in one click.
    await user.click(screen.getByRole("button", { name: "Volgende week" }));
    expect(await screen.findByRole("heading", { name: "Week 27 · 30 Jun – 4 Jul 2031" })).toBeInTheDocument();
    expect(screen.getByText("Geen spyskaart vir hierdie week nie")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Skep spyskaart vir hierdie week" })).toBeInTheDocument();

    const thisWeek = screen.getByRole("button", { name: "Hierdie week" });
    await user.click(thisWeek);
    expect(await screen.findByRole("heading", { name: "Week 24 · 9–13 Jun 2031" })).toBeInTheDocument();
    expect(screen.getByText("Huidig")).toBeInTheDocument();
    expect(thisWeek).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Vorige week" }));
    expect(await screen.findByRole("heading", { name: "Week 23 · 2–6 Jun 2031" })).toBeInTheDocument();
    expect(screen.getByText("Verby")).toBeInTheDocument();
    expect(thisWeek).toBeEnabled();
  });

  const EMPTY_23 = {
    "GET /api/admin/data/food_item?weekly_menu_id=m-23&limit=50": {
      body: { success: true, data: [], total: 0 },
    },
  };

  it("copies last week's dishes into the shown week after naming both weeks and the count", async () => {
    const { user, calls } = renderScreen(
      MENUS,
      {
        ...EMPTY_23,
        "POST /api/admin/menus/copy-week": {
          body: {
            success: true,
            data: { menuId: "m-23", dateFrom: "2031-06-23", dateTo: "2031-06-27", copied: 1 },
          },
        },
      },
      "/menu?week=2031-06-23",
    );
    await screen.findByRole("heading", { name: "Week 26 · 23–27 Jun 2031" });
    await user.click(await screen.findByRole("button", { name: "Kopieer verlede week" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Kopieer verlede week?" });
    expect(confirm).toHaveTextContent(
      "Kopieer 1 gereg van Week 25 · 16–20 Jun 2031 na Week 26 · 23–27 Jun 2031?",
    );
    expect(confirm).not.toHaveTextContent("nagegaan");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Kopieer" }));
    expect(await screen.findByText("1 gereg na Week 26 · 23–27 Jun 2031 gekopieer.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ week: "2031-06-23" });
  });

  it("says at once when last week has nothing to copy or the week already has dishes", async () => {
    const { user, calls } = renderScreen(
      MENUS,
      {
        ...EMPTY_23,
        "GET /api/admin/data/food_item?weekly_menu_id=m-09&limit=50": {
          body: { success: true, data: [{ ...bobotie, id: "item-0", weekly_menu_id: "m-09" }], total: 1 },
        },
      },
      "/menu?week=2031-06-30",
    );
    await screen.findByRole("heading", { name: "Week 27 · 30 Jun – 4 Jul 2031" });
    // Last week (23 June) has a menu without dishes.
    await user.click(await screen.findByRole("button", { name: "Kopieer verlede week" }));
    expect(await screen.findByText("Verlede week het geen geregte om te kopieer nie.")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    // 16 June already has Bobotie.
    await user.click(screen.getByRole("button", { name: "Vorige week" }));
    await user.click(screen.getByRole("button", { name: "Vorige week" }));
    await screen.findByRole("heading", { name: "Week 25 · 16–20 Jun 2031" });
    await screen.findByText("Bobotie");
    await user.click(screen.getByRole("button", { name: "Kopieer verlede week" }));
    expect(
      await screen.findByText(
        "Hierdie week het reeds geregte. Skrap hulle eers, of wysig die dae een vir een.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's refusal of a copy", async () => {
    const { user } = renderScreen(
      MENUS,
      {
        ...EMPTY_23,
        "POST /api/admin/menus/copy-week": {
          status: 409,
          body: { success: false, code: "weekly_menu_exists", message: "Bestaan reeds (bediener)." },
        },
      },
      "/menu?week=2031-06-23",
    );
    // The button waits for the shown week's dishes.
    const copy = await screen.findByRole("button", { name: "Kopieer verlede week" });
    await waitFor(() => expect(copy).toBeEnabled());
    await user.click(copy);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Kopieer" }));
    expect(await screen.findByText("Bestaan reeds (bediener).")).toBeInTheDocument();
  });

  it("opens the week named in the address, so a reload keeps the chosen week", async () => {
    renderScreen(
      MENUS,
      {
        "GET /api/admin/data/food_item?weekly_menu_id=m-23&limit=50": {
          body: { success: true, data: [], total: 0 },
        },
      },
      "/menu?week=2031-06-23",
    );
    expect(await screen.findByRole("heading", { name: "Week 26 · 23–27 Jun 2031" })).toBeInTheDocument();
  });

  it("opens on this week when there are no menus, and still offers to create one", async () => {
    const { user } = renderScreen([]);
    expect(await screen.findByRole("heading", { name: "Week 24 · 9–13 Jun 2031" })).toBeInTheDocument();
    expect(screen.getByText("Geen spyskaart vir hierdie week nie")).toBeInTheDocument();
    // This week has begun: it can no longer be made.
    expect(screen.queryByRole("button", { name: "Skep spyskaart vir hierdie week" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skep 'n weeklikse spyskaart" }));
    expect(await screen.findByRole("dialog", { name: "Skep 'n weeklikse spyskaart" })).toBeInTheDocument();
  });

  it("asks before deleting and shows the server's refusal", async () => {
    const { user, calls } = renderScreen(MENUS, {
      "DELETE /api/admin/data/food_item/item-1": {
        status: 409,
        body: {
          success: false,
          code: "food_item_ordered",
          message: "Hierdie item is al bestel en kan nie geskrap word nie.",
        },
      },
    });
    await openMore(user);
    await user.click(await screen.findByRole("menuitem", { name: "Skrap" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Is jy seker jy wil hierdie item skrap?");
    await user.click(within(confirm).getByRole("button", { name: "Skrap" }));
    expect(
      await screen.findByText("Hierdie item is al bestel en kan nie geskrap word nie."),
    ).toBeInTheDocument();
    const del = calls.find((c) => c.method === "DELETE");
    expect(del?.headers["Content-Type"]).toBe("application/json");
  });

  it("disables a day that has an item when adding, and asks for the required fields", async () => {
    const { user, calls } = renderScreen();
    await user.click(await screen.findByRole("button", { name: "Voeg 'n item vir Dinsdag by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg 'n item by" });

    const daySelect = within(dialog).getByRole("combobox", { name: /Weekdag/ });
    expect(daySelect).toHaveTextContent("Dinsdag");
    await user.click(daySelect);
    const monday = within(await screen.findByRole("listbox")).getByRole("option", { name: /Maandag/ });
    expect(monday).toHaveAttribute("aria-disabled", "true");
    expect(monday).toHaveTextContent("Het reeds 'n item");
    await user.keyboard("{Escape}");

    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(
      await within(dialog).findByText(
        "Vul asseblief al die verpligte velde in: naam, beskrywing, prys en weekdag",
      ),
    ).toBeInTheDocument();
    // Each empty required field is marked; the required-fields message is said once.
    expect(within(dialog).getAllByText("Hierdie veld is verpligtend")).toHaveLength(3);
    expect(within(dialog).getByRole("textbox", { name: /Naam/ })).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("creates an item with the typed values, the price with a decimal comma", async () => {
    const { user, calls } = renderScreen(MENUS, {
      [saveRoute("Dinsdag")]: saved,
    });
    await user.click(await screen.findByRole("button", { name: "Voeg 'n item vir Dinsdag by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg 'n item by" });
    await user.type(within(dialog).getByRole("textbox", { name: /Naam/ }), "Pasta");
    await user.type(within(dialog).getByRole("textbox", { name: /Beskrywing/ }), "Met kaas");
    const price = within(dialog).getByRole("textbox", { name: /Prys/ });
    await user.type(price, "42,505");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(await within(dialog).findByText("Voer 'n geldige prys in, bv. 35,50.")).toBeInTheDocument();
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.clear(price);
    await user.type(price, "42,5");
    await user.type(within(dialog).getByRole("spinbutton", { name: /Voorbereidingstyd/ }), "15");
    await user.click(within(dialog).getByRole("checkbox", { name: /Ook by die toonbank te koop/ }));
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Voeg 'n item by" })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => `${c.method} ${c.url}` === saveRoute("Dinsdag"))?.body).toEqual({
      name: "Pasta",
      description: "Met kaas",
      price: "42.50",
      day_of_week: "Dinsdag",
      weekly_menu_id: M16,
      preparation_time: 15,
      portions: null,
      sold_at_counter: true,
      allergens: [],
      diet: [],
      allergensConfirmed: false,
    });
    // Saved unchecked: the admin is told what that means.
    expect(
      await screen.findByText(
        "Pasta is bygevoeg. Sy allergene is nog nie nagegaan nie: klante met allergieë sal gevra word om te bevestig, en die kombuis sien 'nie nagegaan nie' by hulle bestellings.",
      ),
    ).toBeInTheDocument();
  }, 20_000);

  const fillNewItem = async (user: ReturnType<typeof renderScreen>["user"], dialog: HTMLElement) => {
    await user.type(within(dialog).getByRole("textbox", { name: /Naam/ }), "Pasta");
    await user.type(within(dialog).getByRole("textbox", { name: /Beskrywing/ }), "Met kaas");
    await user.type(within(dialog).getByRole("textbox", { name: /Prys/ }), "42.5");
  };
  const image = () => new File(["png"], "pasta.png", { type: "image/png" });

  it("uploads a chosen photo at once, shows it, and saves its address", async () => {
    vi.mocked(uploadImage).mockResolvedValueOnce("/uploads/pasta.webp");
    const { user, calls } = renderScreen(MENUS, {
      [saveRoute("Dinsdag")]: saved,
    });
    await user.click(await screen.findByRole("button", { name: "Voeg 'n item vir Dinsdag by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg 'n item by" });
    await fillNewItem(user, dialog);
    const photo = within(dialog).getByRole("group", { name: "Foto" });
    expect(within(photo).queryByRole("img")).not.toBeInTheDocument();
    await user.upload(within(photo).getByLabelText("Kies 'n foto"), image());
    expect(await within(photo).findByRole("img", { name: "Voorskou van die foto" })).toHaveAttribute(
      "src",
      "/uploads/pasta.webp",
    );
    expect(uploadImage).toHaveBeenCalledTimes(1);
    // The one control now offers to replace or remove the photo.
    expect(within(photo).getByText("Vervang foto")).toBeInTheDocument();
    expect(within(photo).getByRole("button", { name: "Verwyder foto" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(
      await screen.findByText(/^Pasta is bygevoeg\. Sy allergene is nog nie nagegaan nie/),
    ).toBeInTheDocument();
    // "42.5" typed with a point is taken like "42,5".
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      image_url: "/uploads/pasta.webp",
      price: "42.50",
    });
  }, 20_000);

  it("says when a photo cannot be uploaded, and keeps what was typed", async () => {
    vi.mocked(uploadImage).mockRejectedValueOnce(new UploadError("failed"));
    const { user, calls } = renderScreen();
    await user.click(await screen.findByRole("button", { name: "Voeg 'n item vir Dinsdag by" }));
    const dialog = await screen.findByRole("dialog", { name: "Voeg 'n item by" });
    await fillNewItem(user, dialog);
    await user.upload(within(dialog).getByLabelText("Kies 'n foto"), image());
    expect(await within(dialog).findByText("Oplaai het misluk")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /Naam/ })).toHaveValue("Pasta");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  }, 20_000);

  it("says an item was deleted", async () => {
    const { user } = renderScreen(MENUS, {
      "DELETE /api/admin/data/food_item/item-1": { body: { success: true, data: {} } },
    });
    await openMore(user);
    await user.click(await screen.findByRole("menuitem", { name: "Skrap" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Skrap" }));
    expect(await screen.findByText("Bobotie is geskrap.")).toBeInTheDocument();
  });

  it("shows a failed load with 'Probeer weer', which loads again", async () => {
    let fail = true;
    const { user } = renderScreen(MENUS, {
      [WEEKS]: () =>
        fail
          ? { status: 500, body: { success: false, code: "internal_error", message: "Bediener af" } }
          : { body: { success: true, data: MENUS, total: MENUS.length } },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Bediener af");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Probeer weer" }));
    expect(await screen.findByRole("button", { name: "Meer aksies vir Bobotie" })).toBeInTheDocument();
  });

  it("asks before replacing a day's item, then saves it as a replacement", async () => {
    const replaceRoute = saveRoute("Maandag");
    const { user, calls } = renderScreen(MENUS, {
      [replaceRoute]: { body: { success: true, data: {}, replaced: "item-1", notified: 0 } },
    });
    await openMore(user);
    await user.click(await screen.findByRole("menuitem", { name: "Vervang met 'n ander gereg" }));
    const dialog = await screen.findByRole("dialog", { name: "Vervang item" });
    expect(within(dialog).getByRole("combobox", { name: /Weekdag/ })).toHaveTextContent("Maandag");
    await user.type(within(dialog).getByRole("textbox", { name: /Naam/ }), "Vis");
    await user.type(within(dialog).getByRole("textbox", { name: /Beskrywing/ }), "Met skyfies");
    await user.type(within(dialog).getByRole("textbox", { name: /Prys/ }), "40");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent('Maandag het reeds "Bobotie". Wil jy dit vervang?');
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Vervang" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Vervang item" })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => `${c.method} ${c.url}` === replaceRoute)?.body).toEqual({
      name: "Vis",
      description: "Met skyfies",
      price: "40.00",
      day_of_week: "Maandag",
      weekly_menu_id: M16,
      portions: null,
      sold_at_counter: false,
      replace: true,
      allergens: [],
      diet: [],
      allergensConfirmed: false,
    });
  }, 20_000);

  it("edits an item in place", async () => {
    const { user, calls } = renderScreen(MENUS, {
      [saveRoute("Maandag")]: saved,
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
    const name = within(dialog).getByRole("textbox", { name: /Naam/ });
    expect(name).toHaveValue("Bobotie");
    // Money as the app writes it: R before the field, a decimal comma.
    const price = within(dialog).getByRole("textbox", { name: /Prys/ });
    expect(price).toHaveValue("35,50");
    expect(price.closest(".MuiInputBase-root")).toHaveTextContent(/^R/);
    await user.clear(name);
    await user.type(name, "Bobotie deluxe");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Wysig item" })).not.toBeInTheDocument());
    expect(calls.find((c) => `${c.method} ${c.url}` === saveRoute("Maandag"))?.body).toMatchObject({
      id: "item-1",
      name: "Bobotie deluxe",
      price: "35.50",
      image_url: "/uploads/bobotie.webp",
      day_of_week: "Maandag",
      preparation_time: 20,
    });
  }, 20_000);

  it("sets a dish's portions, and says at the field when fewer are asked than are ordered", async () => {
    let answers = 0;
    const { user, calls } = renderScreen(MENUS, {
      [saveRoute("Maandag")]: () =>
        answers++ === 0
          ? {
              status: 409,
              body: {
                success: false,
                code: "portions_below_ordered",
                message: "Daar is reeds 12 porsies bestel: die getal porsies kan nie minder wees nie.",
              },
            }
          : saved,
    });
    await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
    const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
    const portions = within(dialog).getByRole("spinbutton", { name: "Porsies" });
    expect(portions).toHaveValue(null);
    await user.type(portions, "10");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    expect(
      await within(dialog).findByText(
        "Daar is reeds 12 porsies bestel: die getal porsies kan nie minder wees nie.",
      ),
    ).toBeVisible();
    expect(portions).toHaveValue(10);
    await user.clear(portions);
    await user.type(portions, "40");
    await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Wysig item" })).not.toBeInTheDocument());
    const bodies = calls.filter((c) => `${c.method} ${c.url}` === saveRoute("Maandag")).map((c) => c.body);
    expect(bodies.map((body) => (body as { portions: number }).portions)).toEqual([10, 40]);
  }, 20_000);

  it("offers to create a week only once the menus are known, so it proposes the week after the latest", async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const { user } = renderScreen(MENUS, {
      [WEEKS]: () => new Promise((resolve) => (answer = resolve)),
    });
    const create = await screen.findByRole("button", { name: "Skep 'n weeklikse spyskaart" });
    expect(create).toBeDisabled();
    answer({ body: { success: true, data: MENUS, total: MENUS.length } });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByRole("dialog", { name: "Skep 'n weeklikse spyskaart" })).toHaveTextContent(
      "Voorgestelde begin: 30 Junie 2031",
    );
  });

  it("checks the date rules in the create dialog and posts valid dates", async () => {
    const { user, calls } = renderScreen(MENUS, {
      "POST /api/admin/data/weekly_menu": (call) => ({
        status: 201,
        body: { success: true, data: menu("m-30", "2031-06-30", "2031-07-04"), call },
      }),
    });
    await openCreateDialog(user);
    const dialog = await screen.findByRole("dialog", { name: "Skep 'n weeklikse spyskaart" });
    expect(dialog).toHaveTextContent("Voorgestelde begin: 30 Junie 2031");
    expect(dialog).toHaveTextContent("presies 5 dae");
    expect(within(dialog).getByRole("button", { name: "Kanselleer" })).toBeInTheDocument();
    const from = dateInput(dialog, "Begindatum");
    const to = dateInput(dialog, "Einddatum");
    expect(from).toHaveValue("30 Junie 2031");
    expect(to).toHaveValue("04 Julie 2031");

    await pasteDate(user, dialog, "Begindatum", "24 Junie 2031");
    await pasteDate(user, dialog, "Einddatum", "28 Junie 2031");
    expect(from).toHaveValue("24 Junie 2031");
    await user.click(within(dialog).getByRole("button", { name: "Skep spyskaart" }));
    expect(
      await within(dialog).findByText("'n Weeklikse spyskaart moet op 'n Maandag begin"),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Volgende week" }));
    expect(from).toHaveValue("16 Junie 2031");
    expect(to).toHaveValue("20 Junie 2031");
    await user.click(within(dialog).getByRole("button", { name: "Skep spyskaart" }));
    expect(
      await within(dialog).findByText(
        "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await pasteDate(user, dialog, "Begindatum", "30 Junie 2031");
    await pasteDate(user, dialog, "Einddatum", "04 Julie 2031");
    await user.click(within(dialog).getByRole("button", { name: "Skep spyskaart" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      date_from: "2031-06-30",
      date_to: "2031-07-04",
    });
    expect(
      await screen.findByText("Weeklikse spyskaart 30 Junie 2031 – 4 Julie 2031 geskep."),
    ).toBeInTheDocument();
    // The list is refreshed after creating.
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === WEEKS)).toHaveLength(2));
  });

  it("shows the server's answer when creating fails", async () => {
    const { user } = renderScreen(MENUS, {
      "POST /api/admin/data/weekly_menu": {
        status: 409,
        body: { success: false, code: "weekly_menu_exists", message: "Bestaan reeds (bediener)." },
      },
    });
    await openCreateDialog(user);
    const dialog = await screen.findByRole("dialog", { name: "Skep 'n weeklikse spyskaart" });
    await user.click(within(dialog).getByRole("button", { name: "Skep spyskaart" }));
    expect(await within(dialog).findByText("Bestaan reeds (bediener).")).toBeInTheDocument();
  });

  describe("allergens (decision 0041)", () => {
    const unchecked: FoodItem = {
      ...bobotie,
      id: "item-2",
      name: "Satay-hoender",
      description: "Met grondboontjiesous",
      day_of_week: "Dinsdag",
      image_url: null,
      allergens: [{ code: "peanuts", level: "contains" }],
      allergensChecked: null,
    };
    const week = { [ITEMS_16]: { body: { success: true, data: [bobotie, unchecked], total: 2 } } };

    it("marks a day whose dish's declaration nobody checked, in words, and names what each contains", async () => {
      renderScreen(MENUS, week);
      const tuesday = await screen.findByRole("region", { name: "Dinsdag" });
      expect(await within(tuesday).findByText("Allergene nie nagegaan nie")).toBeInTheDocument();
      expect(tuesday).toHaveTextContent("Bevat: grondboontjies");
      const monday = screen.getByRole("region", { name: "Maandag" });
      expect(monday).toHaveTextContent("Bevat: gluten, eiers; kan bevat: melk");
      expect(within(monday).queryByText("Allergene nie nagegaan nie")).not.toBeInTheDocument();
    });

    it("says, before copying last week, how many of its dishes go over unchecked", async () => {
      const { user } = renderScreen(
        MENUS,
        {
          ...week,
          "GET /api/admin/data/food_item?weekly_menu_id=m-23&limit=50": {
            body: { success: true, data: [], total: 0 },
          },
        },
        "/menu?week=2031-06-23",
      );
      const copy = await screen.findByRole("button", { name: "Kopieer verlede week" });
      await waitFor(() => expect(copy).toBeEnabled());
      await user.click(copy);
      const confirm = await screen.findByRole("alertdialog", { name: "Kopieer verlede week?" });
      expect(confirm).toHaveTextContent(
        /Kopieer 2 geregte van .*1 gereg se allergene is nog nie nagegaan nie\./,
      );
    });

    it("declares a new dish's allergens and diet and confirms them: all of it is sent", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Woensdag")]: saved });
      await user.click(await screen.findByRole("button", { name: "Voeg 'n item vir Woensdag by" }));
      const dialog = await screen.findByRole("dialog", { name: "Voeg 'n item by" });
      await fillNewItem(user, dialog);
      // Every allergen starts at "Geen"; each row is a group named by its allergen.
      const peanuts = within(dialog).getByRole("group", { name: "Grondboontjies" });
      expect(peanuts).toHaveAccessibleDescription("Grondboontjies, grondboontjiebotter en -olie.");
      expect(within(peanuts).getByRole("button", { name: "Geen" })).toHaveAttribute("aria-pressed", "true");
      expect(within(dialog).getAllByRole("button", { name: "Bevat" })).toHaveLength(14);
      expect(within(dialog).getByRole("group", { name: "Dieet" })).toBeInTheDocument();
      await user.click(within(peanuts).getByRole("button", { name: "Bevat" }));
      const milk = within(dialog).getByRole("group", { name: "Melk" });
      await user.click(within(milk).getByRole("button", { name: "Kan bevat" }));
      await user.click(
        within(within(dialog).getByRole("group", { name: "Gluten" })).getByRole("button", { name: "Bevat" }),
      );
      // Pressing the chosen one again keeps it.
      await user.click(within(peanuts).getByRole("button", { name: "Bevat" }));
      expect(within(peanuts).getByRole("button", { name: "Bevat" })).toHaveAttribute("aria-pressed", "true");
      await user.click(within(dialog).getByRole("checkbox", { name: "Halaal" }));
      const confirm = within(dialog).getByRole("checkbox", { name: "Allergene nagegaan" });
      expect(confirm).not.toBeChecked();
      expect(confirm).toHaveAccessibleDescription(
        "Nog nie nagegaan nie. As die naam, beskrywing of allergene verander, moet 'n admin die allergene weer nagaan.",
      );
      await user.click(confirm);
      expect(confirm).toHaveAccessibleDescription(
        /^Deur te stoor, bevestig jy dat jy die allergene nagegaan het\./,
      );
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
      expect(await screen.findByText("Pasta is bygevoeg.")).toBeInTheDocument();
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        name: "Pasta",
        allergens: [
          { code: "gluten", level: "contains" },
          { code: "peanuts", level: "contains" },
          { code: "milk", level: "may_contain" },
        ],
        diet: ["halaal"],
        allergensConfirmed: true,
      });
    }, 30_000);

    it("shows who checked a dish and keeps the check on a save that changes none of it", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: saved });
      await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      const confirm = within(dialog).getByRole("checkbox", { name: "Allergene nagegaan" });
      expect(confirm).toBeChecked();
      expect(confirm).toHaveAccessibleDescription(/^Nagegaan deur Anna Admin op 9 Jun\.? 2031\./);
      const milk = within(dialog).getByRole("group", { name: "Melk" });
      expect(within(milk).getByRole("button", { name: "Kan bevat" })).toHaveAttribute("aria-pressed", "true");
      const price = within(dialog).getByRole("textbox", { name: /Prys/ });
      await user.clear(price);
      await user.type(price, "36");
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
      await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
      const body = calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
      expect(body).toMatchObject({ id: "item-1", price: "36.00", allergens: bobotie.allergens, diet: [] });
      // Left out: the server keeps the check.
      expect(body).not.toHaveProperty("allergensConfirmed");
    }, 20_000);

    it("unticks the check when the name or the allergens change, says why, and sends no confirmation", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: saved });
      await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      const confirm = within(dialog).getByRole("checkbox", { name: "Allergene nagegaan" });
      await user.type(within(dialog).getByRole("textbox", { name: /Naam/ }), " deluxe");
      expect(confirm).not.toBeChecked();
      expect(confirm).toHaveAccessibleDescription(
        /^Die naam, beskrywing of allergene het verander: gaan die allergene weer na\./,
      );
      // Ticked again, then an allergen changes: unticked again.
      await user.click(confirm);
      expect(confirm).toBeChecked();
      const sesame = within(dialog).getByRole("group", { name: "Sesam" });
      await user.click(within(sesame).getByRole("button", { name: "Kan bevat" }));
      expect(confirm).not.toBeChecked();
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
      await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        name: "Bobotie deluxe",
        allergens: [...bobotie.allergens, { code: "sesame", level: "may_contain" }],
        allergensConfirmed: false,
      });
      expect(
        await screen.findByText(/^Bobotie deluxe is gestoor\. Sy allergene is nog nie nagegaan nie:/),
      ).toBeVisible();
    }, 20_000);
  });

  describe("an item saved meanwhile by another admin (decision 0057)", () => {
    // The other admin raised the price and unticked the check: version 4.
    const elsewhere: FoodItem = { ...bobotie, price: "39.00", allergensChecked: null, version: 4 };
    const staleRoute = (call: { headers: Record<string, string> }) =>
      call.headers["If-Match"] === '"3"'
        ? {
            status: 409,
            body: {
              success: false,
              message: "Iemand anders het dit intussen verander. Kyk wat anders is en stoor weer.",
              code: "stale",
              details: { current: elsewhere },
            },
          }
        : {
            body: {
              success: true,
              data: { ...elsewhere, name: "Bobotie deluxe", version: 5 },
              replaced: null,
              notified: 0,
            },
          };

    async function editName(user: ReturnType<typeof renderScreen>["user"]) {
      await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      const name = within(dialog).getByRole("textbox", { name: /Naam/ });
      await user.clear(name);
      await user.type(name, "Bobotie deluxe");
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
      return screen.findByRole("alertdialog", { name: "Iemand anders het dit intussen verander" });
    }

    it("says what differs now and saves the edit again over it from the new version", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: staleRoute });
      const stale = await editName(user);
      // What differs from the item as loaded, not what the admin typed.
      expect(within(stale).getByText("Prys")).toBeVisible();
      expect(within(stale).getByText("39,00")).toBeVisible();
      expect(within(stale).getByText("Allergene nagegaan")).toBeVisible();
      expect(within(stale).queryByText("Naam")).not.toBeInTheDocument();

      await user.click(within(stale).getByRole("button", { name: "Stoor my veranderinge daaroor" }));
      await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
      const [first, second] = calls.filter((c) => c.method === "PUT");
      expect(first!.headers["If-Match"]).toBe('"3"');
      expect(second!.headers["If-Match"]).toBe('"4"');
      expect(second!.body).toMatchObject({ id: "item-1", name: "Bobotie deluxe" });
      await waitFor(() =>
        expect(screen.queryByRole("dialog", { name: "Wysig item" })).not.toBeInTheDocument(),
      );
    }, 20_000);

    it("shows the new version instead, dropping the edit", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: staleRoute });
      const stale = await editName(user);
      await user.click(within(stale).getByRole("button", { name: "Wys die nuwe weergawe" }));

      await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      await waitFor(() => expect(within(dialog).getByRole("textbox", { name: /Prys/ })).toHaveValue("39,00"));
      expect(within(dialog).getByRole("textbox", { name: /Naam/ })).toHaveValue("Bobotie");
      expect(within(dialog).getByRole("checkbox", { name: "Allergene nagegaan" })).not.toBeChecked();
      expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    }, 20_000);
  });

  describe("a change of the allergens that touches open orders (decision 0041)", () => {
    const touchedRoute = (call: { body: unknown }) =>
      (call.body as { touchedOrdersConfirmed?: boolean }).touchedOrdersConfirmed
        ? { body: { success: true, data: { ...bobotie, version: 4 }, replaced: null, notified: 1 } }
        : {
            status: 409,
            body: {
              success: false,
              message: "Hierdie verandering aan die allergene raak 30 oop bestellings van die gereg.",
              code: "food_item_orders_touched",
              details: { orders: 30, alerted: 1 },
            },
          };

    it("says how many open orders it touches and how many alert anew, then saves and says who was told", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: touchedRoute });
      await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      const milk = within(dialog).getByRole("group", { name: "Melk" });
      await user.click(within(milk).getByRole("button", { name: "Bevat" }));
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));

      const touched = await screen.findByRole("alertdialog", { name: "Die verandering raak bestellings" });
      expect(touched).toHaveTextContent(
        "Hierdie verandering aan die allergene raak 30 oop bestellings van die gereg (vir vandag of later). 1 daarvan is vir 'n klant met 'n allergie daarvoor",
      );
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
      await user.click(within(touched).getByRole("button", { name: "Stoor en laat hulle weet" }));
      await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
      const [first, second] = calls.filter((c) => c.method === "PUT");
      expect(first!.body).not.toHaveProperty("touchedOrdersConfirmed");
      expect(second!.body).toMatchObject({ id: "item-1", touchedOrdersConfirmed: true });
      // The first save changed nothing: the second names the same version.
      expect(second!.headers["If-Match"]).toBe('"3"');
      expect(
        await screen.findByText(
          /^Bobotie is gestoor\. 1 klant met 'n allergie daarvoor is in kennis gestel\./,
        ),
      ).toBeVisible();
    }, 20_000);

    it("saves nothing when the admin steps back", async () => {
      const { user, calls } = renderScreen(MENUS, { [saveRoute("Maandag")]: touchedRoute });
      await user.click(await screen.findByRole("button", { name: "Wysig Bobotie" }));
      const dialog = await screen.findByRole("dialog", { name: "Wysig item" });
      const milk = within(dialog).getByRole("group", { name: "Melk" });
      await user.click(within(milk).getByRole("button", { name: "Bevat" }));
      await user.click(within(dialog).getByRole("button", { name: "Stoor" }));
      const touched = await screen.findByRole("alertdialog", { name: "Die verandering raak bestellings" });
      await user.click(within(touched).getByRole("button", { name: "Kanselleer" }));
      expect(screen.getByRole("dialog", { name: "Wysig item" })).toBeVisible();
      expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    }, 20_000);
  });
});
