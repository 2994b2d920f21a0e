import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import { queryRows } from "../../db/client";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

/* The counter's items and their stock (docs/decisions/0070-counter-items.md). */
const NOW = new Date("2031-03-04T05:00:00Z");
const TODAY = "2031-03-04";
const it = appTest({ clock: () => NOW });

let asAdmin: string;
let asCook: string;
it.beforeAll(async ({ db }) => {
  asAdmin = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id, NOW);
  asCook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
});

const juice = {
  name: "Appelsap 500 ml",
  price: "18,50",
  category: "Drankies",
  allergens: [],
  diet: ["vegan"],
  allergensConfirmed: true,
};

describe("counter items", () => {
  it("are added and changed by admins, listed for the kitchen with the day's stock, and named once", async ({
    app,
  }) => {
    const added = await request(app, "POST", "/api/counter-items", { cookie: asAdmin, body: juice });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe("Appelsap 500 ml is by die toonbank-items gevoeg.");
    const item = added.json().data;
    expect(item).toMatchObject({
      name: "Appelsap 500 ml",
      price: "18.50",
      category: "Drankies",
      onSale: true,
      diet: ["vegan"],
      allergensChecked: { by: expect.any(String), at: expect.any(String) },
      stock: null,
      left: null,
    });
    const twice = await request(app, "POST", "/api/counter-items", {
      cookie: asAdmin,
      body: { ...juice, name: "appelsap 500 ML" },
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, "counter_item_name_taken"]);

    // Changed without the check ticked: saved unchecked, as a dish is.
    const changed = await request(app, "PUT", `/api/counter-items/${item.id}`, {
      cookie: asAdmin,
      body: {
        ...juice,
        allergens: [{ code: "milk", level: "may_contain" }],
        allergensConfirmed: false,
        onSale: false,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ onSale: false, allergensChecked: null, imageUrl: null });

    const listed = await request(app, "GET", "/api/counter-items", { cookie: asCook });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.date).toBe(TODAY);
    expect(listed.json().data.items).toContainEqual(expect.objectContaining({ id: item.id, onSale: false }));

    // A picture for the counter's tile: an uploaded image's address, never a script.
    const pictured = await request(app, "PUT", `/api/counter-items/${item.id}`, {
      cookie: asAdmin,
      body: { ...juice, imageUrl: "/uploads/sap.webp" },
    });
    expect(pictured.json().data.imageUrl).toBe("/uploads/sap.webp");
    const script = await request(app, "PUT", `/api/counter-items/${item.id}`, {
      cookie: asAdmin,
      body: { ...juice, imageUrl: "javascript:alert(1)" },
    });
    expect(script.statusCode).toBe(400);
  });

  it("keep a day's stock, set with a reason and recorded, and cleared again", async ({ app, db }) => {
    const item = (
      await request(app, "POST", "/api/counter-items", {
        cookie: asAdmin,
        body: { ...juice, name: "Muffin" },
      })
    ).json().data;
    const stock = (body: object) =>
      request(app, "PUT", `/api/counter-items/${item.id}/stock`, { cookie: asAdmin, body });
    const set = await stock({ date: TODAY, quantity: 24, reason: "Oggendbestelling" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ stock: 24, left: 24 });
    expect((await stock({ date: TODAY, quantity: 20, reason: "4 gebreek" })).json().data.stock).toBe(20);
    const tomorrow = (await request(app, "GET", "/api/counter-items?date=2031-03-05", { cookie: asCook }))
      .json()
      .data.items.find((row: { id: string }) => row.id === item.id);
    expect(tomorrow.stock).toBeNull();
    expect((await stock({ date: TODAY, quantity: null, reason: "Geen perk" })).json().data.stock).toBeNull();
    const changes = await queryRows(
      db,
      sql`select from_quantity as "from", to_quantity as "to", reason from counter_stock_changes
          where counter_item_id = ${item.id} order by id`,
      z.object({ from: z.number().nullable(), to: z.number().nullable(), reason: z.string() }),
    );
    expect(changes).toEqual([
      { from: null, to: 24, reason: "Oggendbestelling" },
      { from: 24, to: 20, reason: "4 gebreek" },
      { from: 20, to: null, reason: "Geen perk" },
    ]);
  });

  it("refuse what is not theirs to change and values that are no stock, changing nothing", async ({
    app,
  }) => {
    const item = (
      await request(app, "POST", "/api/counter-items", {
        cookie: asAdmin,
        body: { ...juice, name: "Piesang" },
      })
    ).json().data;
    expect(
      (await request(app, "POST", "/api/counter-items", { cookie: asCook, body: juice })).statusCode,
    ).toBe(403);
    expect(
      (
        await request(app, "PUT", `/api/counter-items/${item.id}/stock`, {
          cookie: asCook,
          body: { date: TODAY, quantity: 5, reason: "Koop" },
        })
      ).statusCode,
    ).toBe(403);
    const refusals: [string, object][] = [
      [`/api/counter-items/${item.id}/stock`, { date: TODAY, quantity: -1, reason: "Koop" }],
      [`/api/counter-items/${item.id}/stock`, { date: TODAY, quantity: 5 }],
      [`/api/counter-items/${item.id}/stock`, { date: "2031-02-30", quantity: 5, reason: "Koop" }],
      [`/api/counter-items/${item.id}`, { ...juice, name: "Piesang", price: "0" }],
    ];
    for (const [url, body] of refusals) {
      const res = await request(app, "PUT", url, { cookie: asAdmin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await request(
      app,
      "PUT",
      "/api/counter-items/00000000-0000-4000-8000-000000000000/stock",
      {
        cookie: asAdmin,
        body: { date: TODAY, quantity: 5, reason: "Koop" },
      },
    );
    expect(unknown.statusCode).toBe(404);
    const listed = (await request(app, "GET", "/api/counter-items", { cookie: asAdmin })).json().data.items;
    expect(listed.find((row: { id: string }) => row.id === item.id)).toMatchObject({
      price: "18.50",
      stock: null,
    });
  });
});
