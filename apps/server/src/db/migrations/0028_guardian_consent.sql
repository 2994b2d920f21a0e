-- The guardian who consented to a learner's allergies (decision 0068): a child's own consent
-- does not count, an admin's record or a guardian's does.
ALTER TABLE "dietary_profiles" ADD COLUMN "allergy_consent_guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "dietary_profiles" ADD CONSTRAINT "dietary_profiles_allergy_consent_guardian_id_users_id_fk" FOREIGN KEY ("allergy_consent_guardian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;