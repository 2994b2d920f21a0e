import { type GuardianRow, guardianRow } from "@kantien/domain/guardians";
import { ROLE } from "@kantien/domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";
import { searchPatterns } from "../../db/search-patterns";
import { lockPerson, removePerson } from "../people/people";

/*
 * The guardians as the back office lists them (the "Ouers en voogde" tab of /users): each with
 * their learners, searched by either side (decision 0068).
 */

/**
 * The people a search word finds: guardians by name or address, and the guardians of learners
 * found by name or academy number. Each branch reads a trigram index, as the people lists do.
 */
function guardianSearch(pattern: string): SQL {
  return sql`u.id = any(array(
    select id from users where first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern}
    union select gl.guardian_id from guardian_links gl join users l on l.id = gl.learner_id
      where l.first_name ilike ${pattern} or l.last_name ilike ${pattern}
    union select gl.guardian_id from guardian_links gl join clients c on c.user_id = gl.learner_id
      where c.akd_number ilike ${pattern}))`;
}

const learnersColumn = sql`coalesce((
  select json_agg(json_build_object('id', l.id, 'firstName', l.first_name, 'lastName', l.last_name,
                                    'status', gl.status, 'primary', gl.is_primary)
                  order by l.first_name, l.last_name, l.id)
  from guardian_links gl join users l on l.id = gl.learner_id and l.deleted_at is null
  where gl.guardian_id = u.id), '[]')`;

/** One page of guardians in name order, with the count of all that match. */
export async function listGuardians(
  db: Db,
  { q, limit, offset }: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: GuardianRow[]; total: number }> {
  const where = sql.join(
    [sql`u.role_id = ${ROLE.guardian}`, sql`u.deleted_at is null`, ...searchPatterns(q).map(guardianSearch)],
    sql` and `,
  );
  const rows = await queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
               u.phone_number as "phoneNumber", u.password_hash is not null as "signedUp",
               ${learnersColumn} as learners
        from users u where ${where}
        order by u.last_name, u.first_name, u.id limit ${limit} offset ${offset}`,
    guardianRow,
  );
  const [counted] = await queryRows(
    db,
    sql`select count(*)::int as total from users u where ${where}`,
    z.object({ total: z.number() }),
  );
  return { rows, total: counted?.total ?? 0 };
}

/** Removes a guardian (admins): their links end on the record, then the account goes (decision 0010). */
export async function deleteGuardian(db: Db, actorId: string, id: string): Promise<{ anonymised: boolean }> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, id, [ROLE.guardian], "update");
    return removePerson(tx, id, actorId);
  });
}
