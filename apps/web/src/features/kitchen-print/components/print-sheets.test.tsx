import type { KitchenOrder } from "@kantien/domain/kitchen";
import { describe, expect, it } from "vitest";
import { renderWithApp, screen, within } from "../../../test/test-utils";
import { PrepSheet } from "./print-sheets";

const order = (id: string, itemName: string, status: KitchenOrder["status"]): KitchenOrder => ({
  id,
  pickupNumber: 1,
  status,
  quantity: 2,
  price: "30.00",
  createdAt: "2026-11-26T06:00:00.000Z",
  statusChangedAt: "2026-11-26T06:00:00.000Z",
  deliveryDate: "2026-11-26",
  customerName: "Anna Botha",
  itemName,
  preparationTime: 10,
  itemAllergens: [],
  allergyAlert: null,
});

describe("the prep sheet", () => {
  it("says what is left of a capped dish and what the counter sold, under the portions", () => {
    renderWithApp(
      <PrepSheet
        orders={[order("a", "Bobotie", "paid")]}
        caps={[{ foodItemId: "f1", itemName: "Bobotie", portions: 40, left: 6 }]}
        atCounter={[
          { itemName: "Bobotie", sold: 5 },
          { itemName: "Vetkoek", sold: 3 },
        ]}
        date="2026-11-26"
        canteenName="Kantien"
        printedAt="07:00"
        paper="a4"
        language="af"
      />,
    );
    const left = screen.getByRole("list", { name: "Porsies oor en by die toonbank verkoop" });
    expect(
      within(left)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Bobotie: 40 gemaak · nog 6 · 5 by die toonbank verkoop",
      "Vetkoek: 3 by die toonbank verkoop",
    ]);
  });
});
