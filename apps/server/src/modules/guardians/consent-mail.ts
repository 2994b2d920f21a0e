import type { IsoDate } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { type MailConfig, mailRecipient, renderEmail } from "../../mail/letter";
import { enqueueEmail } from "../../mail/outbox";
import { guardianConsentOf } from "./consent";

/** Who asks, and on which day: a guardian's link that became active asks them for consent. */
export type ConsentAsk = MailConfig & { today: IsoDate };

/**
 * Asks a guardian whose link to a learner just became active to consent to the allergies the
 * learner recorded themselves while under 18 (decision 0068): the kitchen keeps seeing them
 * meanwhile, and the family page shows the same request as a banner. Nothing is sent when no
 * consent is missing. In the link's transaction, so the mail exists only if the link does.
 */
export async function askGuardianForConsent(
  tx: Tx,
  { config, today }: ConsentAsk,
  { guardianId, learnerId }: { guardianId: string; learnerId: string },
): Promise<void> {
  if ((await guardianConsentOf(tx, learnerId, today)).state !== "needed") return;
  const recipient = await mailRecipient(tx, guardianId);
  const [learner] = await queryRows(
    tx,
    sql`select first_name as "firstName" from users where id = ${learnerId}`,
    z.object({ firstName: z.string() }),
  );
  if (!recipient || !learner) return;
  const name = learner.firstName;
  const canteen = config.canteenName;
  const copy =
    recipient.language === "en"
      ? {
          subject: `${name}'s allergies wait for your consent`,
          greeting: "Hello",
          body: `${name} recorded allergies or a diet in ${canteen} themselves. As ${name} is under 18, a parent or guardian must consent to the canteen keeping them. The kitchen still sees them meanwhile, so that ${name} eats safely. Open Family, check that they are right, and give your consent.`,
          button: "Open Family",
          note: `You get this email because you are linked to ${name} in ${canteen}.`,
        }
      : {
          subject: `${name} se allergieë wag vir jou toestemming`,
          greeting: "Hallo",
          body: `${name} het self allergieë of 'n dieet in ${canteen} aangeteken. Omdat ${name} jonger as 18 is, moet 'n ouer of voog toestem dat die kantien dit hou. Die kombuis sien dit intussen steeds, sodat ${name} veilig eet. Maak Gesin oop, kyk of dit klop, en gee jou toestemming.`,
          button: "Maak Gesin oop",
          note: `Jy kry hierdie e-pos omdat jy in ${canteen} aan ${name} gekoppel is.`,
        };
  await enqueueEmail(
    tx,
    renderEmail(recipient.email, recipient.firstName, copy, `${config.publicUrl}/my/learners`),
  );
}
