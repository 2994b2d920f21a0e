import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { clients } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { multipart } from "../../test/multipart";
import { request } from "../../test/request";

/*
 * The school's list of learners, and guardians reached by email
 * (docs/decisions/0068-who-eats-and-who-pays.md).
 */
const NOW = new Date("2031-03-04T05:00:00Z");
const it = appTest({ clock: () => NOW });

let adminCookie: string;
it.beforeAll(async ({ db }) => {
  const admin = await createUser(db, { roleId: 4 });
  adminCookie = await sessionCookieFor(db, admin.id, NOW);
});

const upload = (app: App, file: string | Buffer, { dryRun = false, cookie = adminCookie } = {}) => {
  const { payload, contentType } = multipart([
    { name: "file", filename: "leerders.csv", contentType: "text/csv", data: file },
  ]);
  return request(app, "POST", `/api/admin/learners/import${dryRun ? "?dryRun=true" : ""}`, {
    cookie,
    body: payload,
    headers: { "content-type": contentType },
  });
};

/** A short unique academy number, so each test's learners are its own. */
const akd = () => `T${randomUUID().slice(0, 7).toUpperCase()}`;
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@ouers.example`;

async function learnerOf(db: Db, akdNumber: string) {
  const [row] = await queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.role_id as "roleId",
               u.password_hash is null as "noPassword", c.grade, c.date_of_birth::text as "dateOfBirth"
        from clients c join users u on u.id = c.user_id where c.akd_number = ${akdNumber}`,
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      roleId: z.number(),
      noPassword: z.boolean(),
      grade: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
    }),
  );
  return row;
}

async function guardiansOf(db: Db, learnerId: string) {
  return queryRows(
    db,
    sql`select lower(u.email) as email, u.role_id as "roleId", gl.status::text as status, gl.is_primary as primary
        from guardian_links gl join users u on u.id = gl.guardian_id
        where gl.learner_id = ${learnerId} order by gl.is_primary desc, u.email`,
    z.object({ email: z.string(), roleId: z.number(), status: z.string(), primary: z.boolean() }),
  );
}

const mailsTo = (db: Db, address: string) =>
  queryRows(
    db,
    sql`select subject from email_outbox where lower(to_address) = lower(${address}) order by id`,
    z.object({ subject: z.string() }),
  );

describe("POST /api/admin/learners/import", () => {
  it("previews a school's list without writing, then imports it: learners made and updated, guardians invited and linked", async ({
    app,
    db,
  }) => {
    // A learner the canteen knows already, in grade 7, and a guardian with an account.
    const known = await createUser(db, { roleId: 1 });
    const knownAkd = akd();
    await db
      .insert(clients)
      .values({ userId: known.id, akdNumber: knownAkd, grade: "7A", dateOfBirth: "2015-01-02" });
    const parent = await createUser(db, { roleId: 5, email: unique("bestaande") });
    const [newAkd, sisterAkd] = [akd(), akd()];
    const invited = unique("nuwe");
    // Excel in South Africa: semicolons, Afrikaans headings, day-first dates, Windows-1252 text.
    const list = Buffer.from(
      [
        "Akademienommer;Voornaam;Van;Graad;Geboortedatum;Ouer se e-pos",
        `${newAkd};Anél;Botha;8B;20/03/2014;${invited}`,
        `${sisterAkd};Zoë;Botha;6C;2016-07-09;${invited.toUpperCase()}, ${parent.email}`,
        `${knownAkd};Pieter;Steyn;8A;;${parent.email}`,
        "",
      ].join("\r\n"),
      "latin1",
    );

    const preview = await upload(app, list, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().message).toBe("Kyk wat sal verander, en lees dan die lys in.");
    const report = preview.json().data;
    expect(report).toMatchObject({
      dryRun: true,
      counts: { create: 2, update: 1, unchanged: 0, error: 0, invite: 1, link: 3 },
    });
    expect(report.lines[0]).toEqual({
      line: 2,
      akdNumber: newAkd,
      firstName: "Anél",
      lastName: "Botha",
      grade: "8B",
      dateOfBirth: "2014-03-20",
      action: "create",
      errors: [],
      guardians: [{ email: invited, action: "invite", error: null }],
    });
    expect(report.lines[1].guardians).toEqual([
      { email: invited, action: "link", error: null },
      { email: parent.email.toLowerCase(), action: "link", error: null },
    ]);
    expect(report.lines[2]).toMatchObject({ action: "update", dateOfBirth: null });
    // The preview wrote nothing and mailed nobody.
    expect(await learnerOf(db, newAkd)).toBeUndefined();
    expect(await mailsTo(db, invited)).toEqual([]);

    const imported = await upload(app, list);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().message).toBe("Die lys is ingelees: 2 nuut, 1 bygewerk, 1 ouers genooi.");
    const anel = await learnerOf(db, newAkd);
    expect(anel).toMatchObject({
      firstName: "Anél",
      lastName: "Botha",
      roleId: 1,
      noPassword: true,
      grade: "8B",
      dateOfBirth: "2014-03-20",
    });
    expect(await guardiansOf(db, anel!.id)).toEqual([
      { email: invited, roleId: 5, status: "active", primary: true },
    ]);
    const zoe = await learnerOf(db, sisterAkd);
    expect((await guardiansOf(db, zoe!.id)).map((row) => [row.email, row.primary])).toEqual([
      [invited, true],
      [parent.email.toLowerCase(), false],
    ]);
    // The known learner's grade changed; an empty date of birth kept the one known.
    expect(await learnerOf(db, knownAkd)).toMatchObject({ grade: "8A", dateOfBirth: "2015-01-02" });
    // One invitation for the new guardian, however many learners name them.
    expect(await mailsTo(db, invited)).toEqual([{ subject: expect.stringContaining("genooi") }]);

    // The same list again changes nothing and invites nobody.
    const again = (await upload(app, list, { dryRun: true })).json().data;
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0, invite: 0, link: 0 });
    expect(again.lines[1].guardians.map((guardian: { action: string }) => guardian.action)).toEqual([
      "linked",
      "linked",
    ]);
  });

  it("says what is wrong on each line, and imports nothing while a line is wrong", async ({ app, db }) => {
    const staff = await createUser(db, { roleId: 2 });
    const staffAkd = akd();
    await db.insert(clients).values({ userId: staff.id, akdNumber: staffAkd });
    const learner = await createUser(db, { roleId: 1 });
    const [first, second] = [akd(), akd()];
    const list = [
      "akdNumber,firstName,lastName,grade,dateOfBirth,guardianEmail",
      `${first},,Botha,8B,2014-03-20,`,
      `${second},Zoë,Botha,6C,31/02/2016,nie-'n-adres`,
      `${second},Zoë,Botha,6C,2016-02-20,`,
      `${staffAkd},Juffrou,Smit,,,`,
      `${akd()},Anna,Smit,,,${learner.email}`,
    ].join("\n");
    const preview = await upload(app, list, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = preview.json().data.lines as { line: number; action: string; errors: string[] }[];
    expect(lines.map((line) => [line.line, line.action, line.errors])).toEqual([
      [2, "error", ["Voornaam: die sel is leeg."]],
      [
        3,
        "error",
        [
          "Geboortedatum: Skryf die geboortedatum as JJJJ-MM-DD of DD/MM/JJJJ.",
          "Ouer se e-pos: Hierdie waarde is ongeldig.",
        ],
      ],
      [4, "error", ["Hierdie akademienommer staan reeds op reël 3."]],
      [5, "error", ["Hierdie akademienommer behoort aan 'n personeellid, nie 'n leerder nie."]],
      [
        6,
        "error",
        [
          `${learner.email}: Hierdie e-posadres behoort aan 'n leerder of die kombuis, nie aan 'n ouer of voog nie.`,
        ],
      ],
    ]);
    const refused = await upload(app, list);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "learner_import_has_errors" });
    expect(refused.json().message).toContain("5 reël(s) het foute");
    expect(await learnerOf(db, first)).toBeUndefined();
  });

  it("refuses a file it cannot take, with a clear message, and anyone but an admin", async ({ app, db }) => {
    const cases: [string | Buffer, number, string][] = [
      ["Naam;Van\nAnna;Smit\n", 400, "learner_import_columns"],
      ["akdNumber,firstName,lastName\n", 400, "learner_import_empty"],
      ["", 400, "learner_import_missing"],
      ['akdNumber,firstName,lastName\n"T1,Anna,Smit\n', 400, "learner_import_unreadable"],
      [Buffer.alloc(3 * 1024 * 1024, "a"), 413, "learner_import_too_large"],
    ];
    for (const [file, status, code] of cases) {
      const res = await upload(app, file);
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
    }
    expect((await upload(app, "Naam;Van\nAnna;Smit\n")).json().message).toBe(
      "Die lys se opskrifreël moet hierdie kolomme hê: Akademienommer.",
    );
    const cook = await createUser(db, { roleId: 3 });
    const asCook = await upload(app, "akdNumber,firstName,lastName\nT1,Anna,Smit\n", {
      cookie: await sessionCookieFor(db, cook.id, NOW),
    });
    expect(asCook.statusCode).toBe(403);
  });
});

describe("POST /api/my/learners/:learnerId/guardians", () => {
  async function family(app: App, db: Db) {
    const child = await createUser(db, { roleId: 1 });
    await db.insert(clients).values({ userId: child.id, akdNumber: akd() });
    const code = (
      await request(app, "GET", `/api/customers/${child.id}/link-code`, { cookie: adminCookie })
    ).json().data.linkCode;
    const primary = await createUser(db, { roleId: 5 });
    const primaryCookie = await sessionCookieFor(db, primary.id, NOW);
    await request(app, "POST", "/api/my/learners", { cookie: primaryCookie, body: { linkCode: code } });
    return { child, primaryCookie };
  }
  const invite = (app: App, cookie: string, learnerId: string, email: string) =>
    request(app, "POST", `/api/my/learners/${learnerId}/guardians`, { cookie, body: { email } });

  it("lets the primary guardian invite a new address and link an existing guardian", async ({ app, db }) => {
    const { child, primaryCookie } = await family(app, db);
    const address = unique("tweede");
    const invited = await invite(app, primaryCookie, child.id, address);
    expect(invited.statusCode, invited.body + JSON.stringify(invited.json().details)).toBe(201);
    expect(invited.json().message).toContain(`${address} is genooi`);
    expect(
      (await guardiansOf(db, child.id)).map((row) => [row.email, row.roleId, row.status, row.primary]),
    ).toContainEqual([address, 5, "active", false]);
    expect(await mailsTo(db, address)).toHaveLength(1);

    const other = await createUser(db, { roleId: 2 });
    const linked = await invite(app, primaryCookie, child.id, other.email.toUpperCase());
    expect(linked.json().message).toBe(
      `${other.email.toUpperCase().toLowerCase()} is nou aan die leerder gekoppel.`,
    );
    // Already linked, a learner's address, and a guardian who is not primary: refused.
    expect((await invite(app, primaryCookie, child.id, other.email)).json().code).toBe(
      "guardian_already_linked",
    );
    const learner = await createUser(db, { roleId: 1 });
    expect((await invite(app, primaryCookie, child.id, learner.email)).json().code).toBe(
      "guardian_email_not_a_guardian",
    );
    const otherCookie = await sessionCookieFor(db, other.id, NOW);
    expect((await invite(app, otherCookie, child.id, unique("derde"))).json().code).toBe(
      "not_primary_guardian",
    );
    // An admin may invite too, from the learner's detail.
    const byAdmin = await request(app, "POST", `/api/customers/${child.id}/guardians`, {
      cookie: adminCookie,
      body: { email: unique("admin") },
    });
    expect(byAdmin.statusCode).toBe(201);
  });
});
