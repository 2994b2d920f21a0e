import type { TokenPurpose } from "@kantien/domain/auth";
import type { Language } from "@kantien/domain/language";
import { roleLabel } from "@kantien/domain/roles";
import type { Db } from "../../db/client";
import { type Copy, type MailContext, mailRecipient, renderEmail } from "../../mail/letter";
import { enqueueEmail } from "../../mail/outbox";

const PAGES: Record<TokenPurpose, string> = {
  verify_email: "verify-email",
  invitation: "setup-account",
  reset_password: "reset-password",
};

export function accountEmailLink(publicUrl: string, kind: TokenPurpose, token: string): string {
  return `${publicUrl}/${PAGES[kind]}?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the mail that carries a verification, invitation or reset link, in the recipient's
 * language. Without SMTP the link is logged, so a developer can still follow it.
 */
export async function enqueueAccountEmail(
  db: Db,
  { config, log }: MailContext,
  { kind, userId, token }: { kind: TokenPurpose; userId: string; token: string },
): Promise<void> {
  const recipient = await mailRecipient(db, userId);
  if (!recipient) throw new Error(`no user ${userId} to mail`);
  const link = accountEmailLink(config.publicUrl, kind, token);
  const { language } = recipient;
  const copy = {
    verify_email: () => verificationCopy(language, config.canteenName),
    invitation: () =>
      invitationCopy(language, config.canteenName, roleLabel(recipient.roleId, language, config.canteenName)),
    reset_password: () => resetPasswordCopy(language, config.canteenName),
  }[kind]();
  await enqueueEmail(db, renderEmail(recipient.email, recipient.firstName, copy, link));
  if (!config.smtpUrl) {
    log.info(
      { to: recipient.email, link },
      `SMTP_URL is not set: the mail stays in the outbox. Link: ${link}`,
    );
  }
}

function verificationCopy(language: Language, canteen: string): Copy {
  return language === "en"
    ? {
        subject: `Confirm your email address for ${canteen}`,
        greeting: "Hello",
        body: `Thank you for signing up with ${canteen}. Please confirm your email address with this link:`,
        button: "Confirm email address",
        note: "The link expires in 24 hours and works only once. If you did not sign up, you can ignore this email.",
      }
    : {
        subject: `Bevestig jou e-posadres vir ${canteen}`,
        greeting: "Hallo",
        body: `Dankie dat jy by ${canteen} aangesluit het. Bevestig asseblief jou e-posadres met hierdie skakel:`,
        button: "Bevestig e-posadres",
        note: "Die skakel verval oor 24 uur en werk net een keer. As jy nie aangesluit het nie, kan jy hierdie e-pos ignoreer.",
      };
}

function invitationCopy(language: Language, canteen: string, role: string): Copy {
  return language === "en"
    ? {
        subject: `You are invited to ${canteen}`,
        greeting: "Hello",
        body: `You have been invited to ${canteen} as ${role}. Set up your account and choose a password with this link:`,
        button: "Set up account",
        note: "The link expires in 72 hours and works only once.",
      }
    : {
        subject: `Jy is genooi om by ${canteen} aan te sluit`,
        greeting: "Hallo",
        body: `Jy is genooi om as ${role} by ${canteen} aan te sluit. Stel jou rekening op en kies 'n wagwoord met hierdie skakel:`,
        button: "Stel rekening op",
        note: "Die skakel verval oor 72 uur en werk net een keer.",
      };
}

function resetPasswordCopy(language: Language, canteen: string): Copy {
  return language === "en"
    ? {
        subject: `Reset your password for ${canteen}`,
        greeting: "Hello",
        body: `Someone asked to reset the password of your ${canteen} account. Choose a new password with this link:`,
        button: "Reset password",
        note: "The link expires in 1 hour and works only once. If you did not ask for this, you can ignore this email: your password stays as it is.",
      }
    : {
        subject: `Stel jou wagwoord terug vir ${canteen}`,
        greeting: "Hallo",
        body: `Iemand het gevra om die wagwoord van jou ${canteen}-rekening terug te stel. Kies 'n nuwe wagwoord met hierdie skakel:`,
        button: "Stel wagwoord terug",
        note: "Die skakel verval oor 1 uur en werk net een keer. As jy nie hierom gevra het nie, kan jy hierdie e-pos ignoreer: jou wagwoord bly dan soos dit is.",
      };
}
