CREATE TYPE "public"."allergen" AS ENUM('gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs');--> statement-breakpoint
CREATE TYPE "public"."allergen_level" AS ENUM('contains', 'may_contain');--> statement-breakpoint
CREATE TYPE "public"."allergy_severity" AS ENUM('severe', 'allergy', 'intolerance');--> statement-breakpoint
CREATE TYPE "public"."diet_tag" AS ENUM('vegetarian', 'vegan', 'halaal');--> statement-breakpoint
CREATE TABLE "allergy_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"accessed_by" uuid,
	"action" text NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allergy_access_log_action" CHECK ("allergy_access_log"."action" in ('view', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "customer_allergies" (
	"user_id" uuid NOT NULL,
	"code" "allergen" NOT NULL,
	"severity" "allergy_severity" NOT NULL,
	CONSTRAINT "customer_allergies_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "dietary_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"diet" "diet_tag"[] DEFAULT '{}' NOT NULL,
	"allergy_consent_version" text,
	"allergy_consent_at" timestamp with time zone,
	"allergy_consent_recorded_by" uuid,
	CONSTRAINT "dietary_profiles_consent_whole" CHECK (("dietary_profiles"."allergy_consent_version" is null) = ("dietary_profiles"."allergy_consent_at" is null))
);
--> statement-breakpoint
CREATE TABLE "food_item_allergens" (
	"food_item_id" uuid NOT NULL,
	"code" "allergen" NOT NULL,
	"level" "allergen_level" NOT NULL,
	CONSTRAINT "food_item_allergens_food_item_id_code_pk" PRIMARY KEY("food_item_id","code")
);
--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "diet" "diet_tag"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "allergens_checked_by" uuid;--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "allergens_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergen_acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergens_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergens_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allergy_access_log" ADD CONSTRAINT "allergy_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergy_access_log" ADD CONSTRAINT "allergy_access_log_accessed_by_users_id_fk" FOREIGN KEY ("accessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_allergies" ADD CONSTRAINT "customer_allergies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dietary_profiles" ADD CONSTRAINT "dietary_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dietary_profiles" ADD CONSTRAINT "dietary_profiles_allergy_consent_recorded_by_users_id_fk" FOREIGN KEY ("allergy_consent_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_item_allergens" ADD CONSTRAINT "food_item_allergens_food_item_id_food_items_id_fk" FOREIGN KEY ("food_item_id") REFERENCES "public"."food_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergy_access_log_user_id_idx" ON "allergy_access_log" USING btree ("user_id","accessed_at");--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_allergens_checked_by_users_id_fk" FOREIGN KEY ("allergens_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_allergens_confirmed_by_users_id_fk" FOREIGN KEY ("allergens_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;