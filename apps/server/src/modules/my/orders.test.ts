import { randomUUID } from "node:crypto";
import type { MyOrder, MyStatementEntry } from "@kantien/domain/my";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * The canteen's clock stands on Tuesday 4 March 2031, 07:00 in Johannesburg (05:00 UTC).
 * Under the default rules (09:00 on the day, 2 weeks ahead) Monday the 3rd has passed,
 * Tuesday is open for two more hours, and the horizon ends on Friday the 14th.
 */
const WEEK = "2031-03-03";
const NEXT_WEEK = "2031-03-10";
const BEYOND = "2031-03-17";
const SEVEN_AM = new Date("2031-03-04T05:00:00Z");
let now = SEVEN_AM;

const it = appTest({ clock: () => now });
let admin: TestUser;
let asKitchen: string;
const items: Record<string, { id: string; price: string }> = {};

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  asKitchen = await signIn(app, await createUser(db, { roleId: 3 }));
  for (const [name, dateFrom] of [
    ["week", WEEK],
    ["next", NEXT_WEEK],
    ["beyond", BEYOND],
  ] as const) {
    const menu = await createWeeklyMenu(db, { dateFrom });
    for (const day of ["Maandag", "Dinsdag", "Woensdag"] as const) {
      items[`${name}-${day}`] = await createFoodItem(db, {
        weeklyMenuId: menu.id,
        dayOfWeek: day,
        name: `${day} ${name}`,
        price: "20.00",
      });
    }
  }
});

/** A customer with a funded wallet and a session. */
async function customerWith(db: Db, amount: string, roleId: 1 | 2 = 1) {
  const user = await createUser(db, { roleId });
  if (Number(amount) > 0) {
    await db.transaction((tx) =>
      moveWalletMoney(tx, { userId: user.id, amount, kind: "top_up", createdBy: admin.id, at: now }),
    );
  }
  return { ...user, cookie: await sessionCookieFor(db, user.id, now) };
}

async function walletOf(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select coalesce((select balance from wallets where user_id = ${userId}), 0)::text as balance,
               (select coalesce(sum(amount), 0)::numeric(12, 2)::text from wallet_transactions where user_id = ${userId}) as ledger,
               (select count(*)::int from wallet_transactions where user_id = ${userId}) as rows,
               (select count(*)::int from orders where user_id = ${userId}) as orders`,
    z.object({ balance: z.string(), ledger: z.string(), rows: z.number(), orders: z.number() }),
  );
  return row!;
}

const order = (app: App, cookie: string, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  request(app, "POST", "/api/my/orders", {
    cookie,
    body,
    headers: key === null ? {} : { "idempotency-key": key },
  });
const tuesday = (quantity = 1) => ({
  foodItemId: items["week-Dinsdag"]!.id,
  deliveryDate: "2031-03-04",
  quantity,
});
const cancel = (app: App, cookie: string, id: string) =>
  request(app, "POST", `/api/my/orders/${id}/cancel`, { cookie, body: {} });

describe("POST /api/my/orders", () => {
  it("places a paid order for myself at the item's price, paid from my wallet in the same step", async ({
    app,
    db,
  }) => {
    const me = await customerWith(db, "100.00");
    const res = await order(app, me.cookie, tuesday(2));
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json() as { data: { order: MyOrder; balance: string }; message: string };
    expect(message).toBe("Jou bestelling is geplaas en uit jou beursie betaal.");
    expect(data.balance).toBe("60.00");
    expect(data.order).toMatchObject({
      deliveryDate: "2031-03-04",
      status: "paid",
      quantity: 2,
      unitPrice: "20.00",
      total: "40.00",
      item: { id: items["week-Dinsdag"]!.id, name: "Dinsdag week" },
      cutoffAt: "2031-03-04T07:00:00.000Z",
      cancellable: true,
      paidFromWallet: true,
      cancellation: null,
    });
    expect(await walletOf(db, me.id)).toEqual({ balance: "60.00", ledger: "60.00", rows: 2, orders: 1 });

    // The kitchen's board of that day has it, and my week's menu shows it on its day.
    const board = await request(app, "GET", "/api/kitchen/orders?date=2031-03-04", { cookie: asKitchen });
    expect(JSON.stringify(board.json())).toContain(data.order.id);
    const menu = await request(app, "GET", `/api/my/menu?week=${WEEK}`, { cookie: me.cookie });
    expect(menu.json().data.days[1].orders).toEqual([
      { id: data.order.id, quantity: 2, status: "paid", total: "40.00" },
    ]);
  });

  it("refuses what the canteen's rules do not allow, and then writes nothing", async ({ app, db }) => {
    const me = await customerWith(db, "500.00");
    const refusals: [Record<string, unknown>, number, string][] = [
      // Monday has passed; Monday's item is not served on Tuesday.
      [
        { foodItemId: items["week-Maandag"]!.id, deliveryDate: "2031-03-03", quantity: 1 },
        400,
        "order_delivery_past",
      ],
      [
        { foodItemId: items["week-Maandag"]!.id, deliveryDate: "2031-03-04", quantity: 1 },
        400,
        "order_delivery_mismatch",
      ],
      // The week of the 17th is beyond the horizon of two school weeks.
      [
        { foodItemId: items["beyond-Maandag"]!.id, deliveryDate: BEYOND, quantity: 1 },
        400,
        "order_beyond_horizon",
      ],
      // More than the canteen's 5, and more than any order may hold.
      [tuesday(6), 400, "order_quantity_above_max"],
      [tuesday(21), 400, "validation_failed"],
      [tuesday(0), 400, "validation_failed"],
      [{ ...tuesday(), foodItemId: randomUUID() }, 409, "order_item_unavailable"],
      [{ ...tuesday(), foodItemId: "'; drop table orders; --" }, 400, "validation_failed"],
      // The price comes from the item; the body names no price and no customer.
      [{ ...tuesday(), price: "0.01" }, 400, "validation_failed"],
      [{ ...tuesday(), customerId: randomUUID() }, 400, "validation_failed"],
      [{ ...tuesday(), deliveryDate: "2031-02-30" }, 400, "validation_failed"],
    ];
    for (const [body, status, code] of refusals) {
      const res = await order(app, me.cookie, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const tooMany = await order(app, me.cookie, tuesday(6));
    expect(tooMany.json().details).toEqual({ max: 5 });
    const noKey = await order(app, me.cookie, tuesday(), null);
    expect([noKey.statusCode, noKey.json().code]).toEqual([400, "idempotency_key_required"]);
    expect(await walletOf(db, me.id)).toEqual({ balance: "500.00", ledger: "500.00", rows: 1, orders: 0 });
  });

  it("closes a day at its cut-off: 09:00 on the day by default, or school days before it", async ({
    app,
    db,
  }) => {
    const me = await customerWith(db, "500.00");
    now = new Date("2031-03-04T07:00:00Z"); // 09:00 in Johannesburg
    try {
      const closed = await order(app, me.cookie, tuesday());
      expect([closed.statusCode, closed.json().code]).toEqual([409, "ordering_closed"]);
      expect(closed.json().message).toBe(
        "Bestellings vir hierdie dag is gesluit: die sluitingstyd is verby.",
      );
      // Wednesday stays open until 09:00 on Wednesday.
      const wednesday = { foodItemId: items["week-Woensdag"]!.id, deliveryDate: "2031-03-05", quantity: 1 };
      expect((await order(app, me.cookie, wednesday)).statusCode).toBe(201);

      // One school day before at 12:00: Monday the 10th closes on Friday the 7th at noon.
      await db.execute(sql`update canteen_settings set cutoff_time = '12:00', cutoff_days_before = 1`);
      const monday = { foodItemId: items["next-Maandag"]!.id, deliveryDate: NEXT_WEEK, quantity: 1 };
      now = new Date("2031-03-07T09:59:00Z");
      // Three days on, Tuesday's session has ended: a new one, by the same clock.
      const friday = await sessionCookieFor(db, me.id, now);
      const open = await order(app, friday, monday);
      expect(open.json().data.order.cutoffAt).toBe("2031-03-07T10:00:00.000Z");
      now = new Date("2031-03-07T10:00:00Z");
      expect((await order(app, friday, monday)).json().code).toBe("ordering_closed");
    } finally {
      now = SEVEN_AM;
      await db.execute(sql`update canteen_settings set cutoff_time = '09:00', cutoff_days_before = 0`);
    }
    expect(await walletOf(db, me.id)).toMatchObject({ balance: "460.00", orders: 2 });
  });

  it("refuses a short balance with the amount missing, and charges nothing", async ({ app, db }) => {
    const me = await customerWith(db, "25.00");
    const res = await order(app, me.cookie, tuesday(2));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "insufficient_balance",
      details: { balance: "25.00", total: "40.00", missing: "15.00" },
    });
    expect(await walletOf(db, me.id)).toEqual({ balance: "25.00", ledger: "25.00", rows: 1, orders: 0 });
  });

  it("answers a retry with the same key with the first order, never a second charge", async ({ app, db }) => {
    const me = await customerWith(db, "100.00");
    const key = randomUUID();
    const answers = await Promise.all([
      order(app, me.cookie, tuesday(), key),
      order(app, me.cookie, tuesday(), key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().data.order.id).toBe(answers[1]!.json().data.order.id);
    const again = await order(app, me.cookie, tuesday(), key);
    expect(again.json().data.order.id).toBe(answers[0]!.json().data.order.id);
    expect((await order(app, me.cookie, tuesday(3), key)).json().code).toBe("idempotency_key_reused");
    expect(await walletOf(db, me.id)).toEqual({ balance: "80.00", ledger: "80.00", rows: 2, orders: 1 });
  });

  it("pays exactly 3 of 50 simultaneous orders when the balance pays for 3", async ({ app, db }) => {
    const me = await customerWith(db, "60.00");
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(app, me.cookie, tuesday())));
    const codes = answers.map((a) => (a.statusCode === 201 ? "paid" : a.json().code));
    expect(codes.filter((c) => c === "paid")).toHaveLength(3);
    expect(codes.filter((c) => c !== "paid").every((c) => c === "insufficient_balance")).toBe(true);
    expect(await walletOf(db, me.id)).toEqual({ balance: "0.00", ledger: "0.00", rows: 4, orders: 3 });
  });
});

describe("my orders", () => {
  it("lists only my orders, upcoming soonest first and past latest first; another's order is not found", async ({
    app,
    db,
  }) => {
    const me = await customerWith(db, "100.00", 2);
    const other = await customerWith(db, "100.00");
    const placed = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
    const past = await createOrder(db, {
      userId: me.id,
      foodItemId: items["week-Maandag"]!.id,
      deliveryDate: "2031-03-03",
      status: "delivered",
    });
    const others = (await order(app, other.cookie, tuesday())).json().data.order as MyOrder;

    const upcoming = await request(app, "GET", "/api/my/orders", { cookie: me.cookie });
    expect(upcoming.json()).toMatchObject({ total: 1, data: [{ id: placed.id }] });
    const earlier = await request(app, "GET", "/api/my/orders?scope=past", { cookie: me.cookie });
    expect(earlier.json()).toMatchObject({
      total: 1,
      data: [{ id: past.id, status: "delivered", cancellable: false, cutoffAt: "2031-03-03T07:00:00.000Z" }],
    });

    expect(
      (await request(app, "GET", `/api/my/orders/${placed.id}`, { cookie: me.cookie })).json().data,
    ).toEqual(placed);
    for (const id of [others.id, randomUUID(), "nie-'n-id"]) {
      const res = await request(app, "GET", `/api/my/orders/${id}`, { cookie: me.cookie });
      expect([res.statusCode, res.json().code, res.body.includes("Dinsdag")]).toEqual([
        404,
        "not_found",
        false,
      ]);
      const refused = await cancel(app, me.cookie, id);
      expect([refused.statusCode, refused.json().code]).toEqual([404, "not_found"]);
    }
    expect(await walletOf(db, other.id)).toMatchObject({ balance: "80.00", orders: 1 });
    for (const bad of ["scope=later", "limit=0", "limit=51", "offset=-1", "extra=1"]) {
      expect(
        (await request(app, "GET", `/api/my/orders?${bad}`, { cookie: me.cookie })).statusCode,
        bad,
      ).toBe(400);
    }
  });

  it("cancels before the cut-off and refunds once; after it, or once the kitchen began, refuses", async ({
    app,
    db,
  }) => {
    const me = await customerWith(db, "100.00");
    const first = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
    const res = await cancel(app, me.cookie, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Jou bestelling is gekanselleer en die geld is terug in jou beursie.",
      data: {
        order: {
          id: first.id,
          status: "cancelled",
          cancellable: false,
          paidFromWallet: false,
          cancellation: { by: "customer", reason: null, refunded: "20.00" },
        },
        balance: "100.00",
      },
    });
    // My own cancel mails nobody: I did it.
    const mails = await queryRows(
      db,
      sql`select count(*)::int as n from email_outbox where to_address = ${me.email}`,
      z.object({ n: z.number() }),
    );
    expect(mails[0]?.n).toBe(0);
    const again = await cancel(app, me.cookie, first.id);
    expect([again.statusCode, again.json().code]).toEqual([409, "order_already_cancelled"]);

    const started = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
    await request(app, "PATCH", `/api/orders/${started.id}/status`, {
      cookie: asKitchen,
      body: { status: "processing" },
    });
    const begun = await cancel(app, me.cookie, started.id);
    expect([begun.statusCode, begun.json().code]).toEqual([409, "order_not_cancellable"]);

    const late = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
    now = new Date("2031-03-04T07:00:00Z");
    try {
      const closed = await cancel(app, me.cookie, late.id);
      expect([closed.statusCode, closed.json().code]).toEqual([409, "ordering_closed"]);
    } finally {
      now = SEVEN_AM;
    }
    // One refund of the first order; the other two are charged.
    expect(await walletOf(db, me.id)).toEqual({ balance: "60.00", ledger: "60.00", rows: 5, orders: 3 });
  });

  it("lets one of a cancel and the kitchen's Begin win, never both", async ({ app, db }) => {
    for (let round = 0; round < 5; round++) {
      const me = await customerWith(db, "20.00");
      const placed = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
      const [cancelled, begun] = await Promise.all([
        cancel(app, me.cookie, placed.id),
        request(app, "PATCH", `/api/orders/${placed.id}/status`, {
          cookie: asKitchen,
          body: { status: "processing" },
        }),
      ]);
      const wallet = await walletOf(db, me.id);
      if (cancelled.statusCode === 200) {
        expect(begun.statusCode).not.toBe(200);
        expect(wallet).toEqual({ balance: "20.00", ledger: "20.00", rows: 3, orders: 1 });
      } else {
        expect([begun.statusCode, cancelled.json().code]).toEqual([200, "order_not_cancellable"]);
        expect(wallet).toEqual({ balance: "0.00", ledger: "0.00", rows: 2, orders: 1 });
      }
    }
  });

  it.skipIf(testBackend !== "postgres")(
    "decides a cancel that waited for the order's lock at the time it gets it, so never refunds after the cut-off",
    async ({ app, db }) => {
      const me = await customerWith(db, "20.00");
      const placed = (await order(app, me.cookie, tuesday())).json().data.order as MyOrder;
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from orders where id = ${placed.id} for update`);
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await isLocked;
      const pending = cancel(app, me.cookie, placed.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = new Date("2031-03-04T07:00:01Z"); // the cut-off passes while the cancel waits
      try {
        release();
        await holder;
        const res = await pending;
        expect([res.statusCode, res.json().code]).toEqual([409, "ordering_closed"]);
      } finally {
        now = SEVEN_AM;
      }
      expect(await walletOf(db, me.id)).toEqual({ balance: "0.00", ledger: "0.00", rows: 2, orders: 1 });
    },
  );
});

describe("the low-balance mail", () => {
  const mailsTo = async (db: Db, email: string) =>
    queryRows(
      db,
      sql`select subject, text_body as text from email_outbox where to_address = ${email} order by id`,
      z.object({ subject: z.string(), text: z.string() }),
    );

  it("goes once each time a debit takes the balance below the canteen's threshold", async ({ app, db }) => {
    const me = await customerWith(db, "100.00");
    const wednesday = (quantity: number) => ({
      foodItemId: items["week-Woensdag"]!.id,
      deliveryDate: "2031-03-05",
      quantity,
    });
    await order(app, me.cookie, wednesday(2)); // 100 → 60: above R50
    expect(await mailsTo(db, me.email)).toEqual([]);
    const crossing = (await order(app, me.cookie, wednesday(1))).json().data.order as MyOrder; // 60 → 40
    const mails = await mailsTo(db, me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Jou Kantien-beursie raak leeg");
    expect(mails[0]!.text.replaceAll("\u00a0", " ")).toContain(
      "Jou beursie se saldo is nou R 40,00, minder as R 50,00. Laai jou beursie op sodat jy kan aanhou bestel.",
    );
    // How to pay: the canteen has given no bank account here, so at the counter.
    expect(mails[0]!.text).toContain("Laai dit by die kantien se toonbank op.");
    expect(mails[0]!.text).toContain("/my/wallet");

    await order(app, me.cookie, wednesday(1)); // 40 → 20: still below, no second mail
    await cancel(app, me.cookie, crossing.id); // a refund (20 → 40) is no crossing either
    expect(await mailsTo(db, me.email)).toHaveLength(1);

    await db.transaction((tx) =>
      moveWalletMoney(tx, { userId: me.id, amount: "100.00", kind: "top_up", createdBy: admin.id, at: now }),
    );
    await order(app, me.cookie, wednesday(5)); // 140 → 40: a new crossing
    expect(await mailsTo(db, me.email)).toHaveLength(2);
    expect(await walletOf(db, me.id)).toMatchObject({ balance: "40.00" });
  });
});

describe("GET /api/my/wallet", () => {
  it("answers my balance, the canteen's threshold and my statement, newest first, paged", async ({
    app,
    db,
  }) => {
    const me = await customerWith(db, "100.00");
    const placed = (await order(app, me.cookie, tuesday(2))).json().data.order as MyOrder;
    await cancel(app, me.cookie, placed.id);
    await customerWith(db, "999.00"); // someone else's money is not on my statement

    const res = await request(app, "GET", "/api/my/wallet", { cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as {
      data: { balance: string; lowBalanceThreshold: string; transactions: MyStatementEntry[]; total: number };
    };
    expect(data).toMatchObject({ balance: "100.00", lowBalanceThreshold: "50.00", total: 3 });
    expect(
      data.transactions.map((e) => [e.kind, e.amount, e.balanceAfter, e.itemName, e.deliveryDate]),
    ).toEqual([
      ["refund", "40.00", "100.00", "Dinsdag week", "2031-03-04"],
      ["order", "-40.00", "60.00", "Dinsdag week", "2031-03-04"],
      ["top_up", "100.00", "100.00", null, null],
    ]);
    const page = await request(app, "GET", "/api/my/wallet?limit=1&offset=1", { cookie: me.cookie });
    expect(page.json().data.transactions.map((e: MyStatementEntry) => e.kind)).toEqual(["order"]);
    expect(page.json().data.total).toBe(3);

    const empty = await customerWith(db, "0");
    expect((await request(app, "GET", "/api/my/wallet", { cookie: empty.cookie })).json().data).toEqual({
      balance: "0.00",
      lowBalanceThreshold: "50.00",
      paymentReference: expect.stringMatching(/^KAN[0-9A-HJKMNP-TV-Z]{6}$/),
      eft: null,
      online: null,
      transactions: [],
      total: 0,
      // No guardian set limits for this customer.
      limits: null,
    });
  });
});
