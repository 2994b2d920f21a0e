import { addDaysIso, mondayOf, type Weekday } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../src/db/client";

const CUSTOMERS = 2000;

/**
 * Bench data, generated inside the database with generate_series (far faster than
 * inserting from Node): customers, a weekly menu for every week of two years around
 * `day`, and their food items.
 */
export async function fillCatalogue(db: Db, day: string) {
  const firstMonday = mondayOf(addDaysIso(day, -730));
  const lastMonday = mondayOf(addDaysIso(day, 7));
  await db.execute(sql`
    insert into users (first_name, last_name, email, role_id, email_verified_at)
    select 'Bench', 'Klant ' || g, 'bench' || g || '@bench.example', 1 + (g % 2), now()
    from generate_series(1, ${CUSTOMERS}::int) g`);
  await db.execute(sql`
    insert into weekly_menus (date_from, date_to)
    select d::date, d::date + 4
    from generate_series(${firstMonday}::date, ${lastMonday}::date, interval '7 days') d`);
  await db.execute(sql`
    insert into food_items (name, description, price, day_of_week, weekly_menu_id, preparation_time)
    select 'Gereg ' || (i + 1) || ' van ' || m.date_from, 'Bank-toets gereg', 40 + i * 3.5,
           (enum_range(null::weekday))[i + 1], m.id, 10 + i * 2
    from weekly_menus m cross join generate_series(0, 4) i`);
}

/** `count` delivered (and some cancelled) orders spread over every school day except `day`. */
export async function addHistory(db: Db, opts: { excludeDay: string; count: number; offset: number }) {
  await db.execute(sql`create temporary table bench_items as
    select row_number() over (order by m.date_from, f.day_of_week) - 1 as n, f.id, f.price,
           m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1) as day
    from food_items f join weekly_menus m on m.id = f.weekly_menu_id
    where m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1) <> ${opts.excludeDay}::date`);
  await db.execute(sql`create temporary table bench_users as
    select row_number() over (order by id) - 1 as n, id from users where email like 'bench%'`);
  const [items] = await queryRows(
    db,
    sql`select count(*)::int as n from bench_items`,
    z.object({ n: z.coerce.number() }),
  );
  const itemCount = Number(items?.n);
  const chunk = 100_000;
  for (let start = opts.offset; start < opts.offset + opts.count; start += chunk) {
    const end = Math.min(opts.offset + opts.count, start + chunk) - 1;
    await db.execute(sql`
      insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, status,
                          created_at, updated_at, status_changed_at, delivery_date, order_date)
      select u.id, i.id, 1 + g % 3, i.price,
             (case when g % 50 = 0 then 'cancelled' else 'delivered' end)::order_status,
             i.day + interval '7 hours' + (g % 180) * interval '1 minute',
             i.day + interval '9 hours', i.day + interval '9 hours', i.day, i.day
      from generate_series(${start}::int, ${end}::int) g
      join bench_items i on i.n = g % ${itemCount}::int
      join bench_users u on u.n = g % ${CUSTOMERS}`);
  }
  await db.execute(sql`drop table bench_items`);
  await db.execute(sql`drop table bench_users`);
  // What autovacuum would do after such a load, done now so it does not run during the timings.
  await db.execute(sql`vacuum analyze`);
}

/** The benchmark day: a live kitchen of `count` orders in every state. */
export async function addKitchenDay(db: Db, day: string, count: number) {
  await db.execute(sql`
    insert into orders (user_id, food_item_id, food_item_quantity, food_item_price, status,
                        created_at, updated_at, status_changed_at, delivery_date, order_date)
    select u.id, f.id, 1 + g % 3, f.price,
           (array['pending','processing','ready','delivered'])[1 + g % 4]::order_status,
           now() - (g % 120) * interval '1 minute', now(), now() - (g % 20) * interval '1 minute',
           ${day}::date, ${day}::date
    from generate_series(0, ${count - 1}::int) g
    join (select row_number() over (order by id) - 1 as n, id from users where email like 'bench%') u
      on u.n = g % ${CUSTOMERS}::int
    cross join lateral (select id, price from food_items order by id limit 1) f`);
}

/**
 * The bench customers' ledger, made again from their orders: a cash, card or EFT top-up of R1 000
 * a minute before every fifth order (so no balance goes below zero), a debit for every order, a
 * refund an hour after a cancelled one, each row with its running balance; and their wallets'
 * balances to match. Made whole each time, so the running balances stay in time order however
 * the orders were added.
 */
export async function fillLedger(db: Db, { today }: { today: string }) {
  await db.execute(
    sql`create temporary table bench_customers as select id from users where email like 'bench%'`,
  );
  await db.execute(sql`delete from wallet_transactions where user_id in (select id from bench_customers)`);
  await db.execute(sql`insert into wallets (user_id) select id from bench_customers on conflict do nothing`);
  await db.execute(sql`
    with paid as (
      -- Money moves when an order is placed, never later than now: history orders for the days
      -- after today (the weeks ahead) were paid by yesterday evening, not on their day.
      select o.id, o.user_id, o.status, o.food_item_price, o.food_item_quantity,
             case when o.order_date > ${today}::date
                  then least(o.created_at, ${today}::date - interval '5 hours') else o.created_at end as created_at
      from orders o join bench_customers c on c.id = o.user_id
    ),
    numbered as (
      select *, row_number() over (partition by user_id order by created_at, id) - 1 as n from paid
    ),
    moves as (
      select user_id, 1000.00::numeric as amount,
             (array['cash', 'card', 'eft'])[1 + (n / 5) % 3]::ledger_kind as kind,
             null::uuid as order_id, created_at - interval '1 minute' as at, 0 as step
      from numbered where n % 5 = 0
      union all
      select user_id, -(food_item_price * food_item_quantity), 'order', id, created_at, 1 from numbered
      union all
      select user_id, food_item_price * food_item_quantity, 'refund', id, created_at + interval '1 hour', 2
      from numbered where status = 'cancelled'
    )
    insert into wallet_transactions (user_id, amount, kind, balance_after, order_id, created_at)
    select user_id, amount, kind,
           sum(amount) over (partition by user_id order by at, step, order_id rows unbounded preceding),
           order_id, at
    from moves
    -- In time order, as a ledger is written: a day's rows lie together.
    order by at, user_id, step, order_id`);
  await db.execute(sql`
    update wallets w set balance = coalesce(l.sum, 0)
    from bench_customers c
    left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l on l.user_id = c.id
    where w.user_id = c.id`);
  await db.execute(sql`drop table bench_customers`);
  // What autovacuum does after a load like this: the visibility map lets a wallet's balance be
  // read from the index alone.
  await db.execute(sql`vacuum analyze wallet_transactions`);
  await db.execute(sql`vacuum analyze wallets`);
}

export async function countOrders(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as n from orders`,
    z.object({ n: z.coerce.number() }),
  );
  return Number(row?.n);
}

/** An active item served on `day` or later, with its date: for orders paid from the wallet. */
export async function futureMenuItem(db: Db, day: string): Promise<{ id: string; date: string }> {
  const [item] = await queryRows(
    db,
    sql`select f.id, (m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1))::text as date
        from food_items f join weekly_menus m on m.id = f.weekly_menu_id
        where f.retired_at is null
          and m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1) >= ${day}::date
        order by 2 limit 1`,
    z.object({ id: z.string(), date: z.string() }),
  );
  if (!item) throw new Error("no menu item from today on");
  return item;
}

/** The active items of the week that starts on `monday`, served on `days`, with their dates. */
export async function weekItems(
  db: Db,
  monday: string,
  days: readonly Weekday[],
): Promise<{ id: string; date: string }[]> {
  return queryRows(
    db,
    sql`select f.id, (m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1))::text as date
        from food_items f join weekly_menus m on m.id = f.weekly_menu_id
        where f.retired_at is null and m.date_from = ${monday}::date
          and f.day_of_week::text in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )})
        order by 2`,
    z.object({ id: z.string(), date: z.string() }),
  );
}
