import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { renderWithApp, screen, within } from "../../test/test-utils";
import { backOfficeMenu } from "../screens";
import { SideMenu } from "./side-menu";

function menuLinks() {
  const nav = screen.getByRole("navigation", { name: "Hoofkieslys" });
  return within(nav)
    .queryAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("SideMenu", () => {
  it("gives an admin the ten admin entries", () => {
    renderWithApp(<SideMenu entries={backOfficeMenu(ROLE.kitchenAdmin)} />);
    expect(menuLinks()).toEqual([
      ["Paneelbord", "/dashboard"],
      ["Weeklikse bestellings", "/weekly-orders"],
      ["Weeklikse spyskaart", "/menu"],
      ["Bestellings", "/orders"],
      ["Geld", "/money"],
      ["Verslae", "/reports"],
      ["Gebruikers", "/users"],
      ["Personeel", "/staff"],
      ["Kantien", "/canteen"],
      ["Instellings", "/settings"],
    ]);
  });

  it("gives staff the dashboard, kitchen, weekly view, users and staff, and marks the current page", () => {
    renderWithApp(<SideMenu entries={backOfficeMenu(ROLE.kitchenStaff)} />, { route: "/kitchen" });
    expect(menuLinks()).toEqual([
      ["Paneelbord", "/dashboard"],
      ["Kombuis", "/kitchen"],
      ["Weeklikse bestellings", "/weekly-orders"],
      ["Gebruikers", "/users"],
      ["Personeel", "/staff"],
    ]);
    expect(screen.getByRole("link", { name: "Kombuis" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Paneelbord" })).not.toHaveAttribute("aria-current");
  });

  it("shows each entry's icon once it has loaded", async () => {
    renderWithApp(<SideMenu entries={backOfficeMenu(ROLE.kitchenStaff)} />);
    const nav = screen.getByRole("navigation", { name: "Hoofkieslys" });
    for (const icon of ["DashboardIcon", "KitchenIcon", "CalendarMonthIcon", "PeopleIcon", "BadgeIcon"]) {
      expect(await within(nav).findByTestId(icon)).toBeInTheDocument();
    }
  });

  it("tells a customer there are no menu items", () => {
    renderWithApp(<SideMenu entries={backOfficeMenu(ROLE.student)} />);
    expect(menuLinks()).toEqual([]);
    expect(screen.getByText("Geen kieslysitems nie")).toBeInTheDocument();
  });
});
