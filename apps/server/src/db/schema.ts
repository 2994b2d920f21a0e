import { ALLERGEN_LEVELS, ALLERGENS, ALLERGY_SEVERITIES, DIET_TAGS } from "@kantien/domain/allergens";
import { ATTEMPT_KINDS, EMAIL_STATUSES, THEMES, TOKEN_PURPOSES } from "@kantien/domain/auth";
import { BANK_CREDIT_STATUSES, STATEMENT_BANKS } from "@kantien/domain/bank-statements";
import { SALE_METHODS } from "@kantien/domain/counter-sales";
import { WEEKDAYS } from "@kantien/domain/dates";
import { GUARDIAN_LINK_CHANGES, GUARDIAN_LINK_STATUSES } from "@kantien/domain/guardians";
import { LANGUAGES } from "@kantien/domain/language";
import { LEDGER_KINDS } from "@kantien/domain/money-channels";
import { ONLINE_PAYMENT_STATUSES, PAYMENT_PROVIDERS } from "@kantien/domain/online-payments";
import { ORDER_STATUSES } from "@kantien/domain/order-status";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/* Tables are plural snake_case; the API maps its resource names onto them. */

export const orderStatus = pgEnum("order_status", ORDER_STATUSES);
export const statementBank = pgEnum("statement_bank", STATEMENT_BANKS);
export const bankCreditStatus = pgEnum("bank_credit_status", BANK_CREDIT_STATUSES);
export const weekday = pgEnum("weekday", WEEKDAYS);
export const themeMode = pgEnum("theme_mode", THEMES);
export const language = pgEnum("language", LANGUAGES);
export const authTokenPurpose = pgEnum("auth_token_purpose", TOKEN_PURPOSES);
export const emailStatus = pgEnum("email_status", EMAIL_STATUSES);
export const attemptKind = pgEnum("attempt_kind", ATTEMPT_KINDS);
export const ledgerKind = pgEnum("ledger_kind", LEDGER_KINDS);
export const paymentProvider = pgEnum("payment_provider", PAYMENT_PROVIDERS);
export const onlinePaymentStatus = pgEnum("online_payment_status", ONLINE_PAYMENT_STATUSES);
export const allergen = pgEnum("allergen", ALLERGENS);
export const allergenLevel = pgEnum("allergen_level", ALLERGEN_LEVELS);
export const allergySeverity = pgEnum("allergy_severity", ALLERGY_SEVERITIES);
export const dietTag = pgEnum("diet_tag", DIET_TAGS);
export const guardianLinkStatus = pgEnum("guardian_link_status", GUARDIAN_LINK_STATUSES);
export const guardianLinkChange = pgEnum("guardian_link_change", GUARDIAN_LINK_CHANGES);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable("roles", {
  roleId: smallint("role_id").primaryKey(),
  roleName: text("role_name").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    roleId: smallint("role_id")
      .notNull()
      .references(() => roles.roleId),
    accountCreationTime: timestamp("account_creation_time", { withTimezone: true }).notNull().defaultNow(),
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Set when a person with orders or wallet history is removed: anonymised, history kept (decision 0010). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Raised by every edit of the person (profile, allergies, back office): the ETag a save must match (decision 0057). */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_role_id_idx").on(t.roleId),
    index("users_account_creation_time_idx").on(t.accountCreationTime),
    // The /users and /staff lists page in name order (decision 0010).
    index("users_name_idx").on(t.lastName, t.firstName, t.id),
    // The orders summary searches customer names by any part (decision 0007).
    index("users_full_name_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    // The /users and /staff searches match any part of a name or email (decision 0010).
    index("users_first_name_trgm_idx").using("gin", sql`${t.firstName} gin_trgm_ops`),
    index("users_last_name_trgm_idx").using("gin", sql`${t.lastName} gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

export const clients = pgTable(
  "clients",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    akdNumber: text("akd_number").notNull(),
    /** A learner's date of birth; null is unknown, and unknown counts as under 18 (decision 0068). */
    dateOfBirth: date("date_of_birth"),
    /** The code the school gives a learner's guardians to link to them; made when an admin first asks for it. */
    linkCode: text("link_code"),
    /** The learner's grade or class as the school's list writes it ("8B"); null when not given. */
    grade: text("grade"),
  },
  (t) => [
    uniqueIndex("clients_akd_number_key").on(t.akdNumber),
    uniqueIndex("clients_link_code_key").on(t.linkCode),
    index("clients_akd_number_trgm_idx").using("gin", sql`${t.akdNumber} gin_trgm_ops`),
  ],
);

export const kantienStaff = pgTable(
  "kantien_staff",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    kantienEmployeeNumber: text("kantien_employee_number"),
  },
  (t) => [
    uniqueIndex("kantien_staff_employee_number_key").on(t.kantienEmployeeNumber),
    index("kantien_staff_employee_number_trgm_idx").using(
      "gin",
      sql`${t.kantienEmployeeNumber} gin_trgm_ops`,
    ),
  ],
);

export const wallets = pgTable(
  "wallets",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: numeric("balance", { precision: 12, scale: 2 }).notNull().default("0"),
    /**
     * What a customer types as the reference of a bank transfer (decision 0033). The database
     * makes it from a sequence, so no reference is ever made twice, not even after a wallet is gone.
     */
    paymentReference: text("payment_reference").notNull().default(sql`new_payment_reference()`),
    /**
     * No ledger row of this wallet is later than this (null: it has none). Kept by a trigger on
     * `wallet_transactions` (migration 0021): a wallet that has not moved since a moment still
     * holds its balance of that moment, which the day's proof reads without the ledger.
     */
    lastMovedAt: timestamp("last_moved_at", { withTimezone: true }),
  },
  (t) => [
    check("wallets_balance_non_negative", sql`${t.balance} >= 0`),
    uniqueIndex("wallets_payment_reference_key").on(t.paymentReference),
  ],
);

/** The ledger: a wallet's balance is the sum of its rows. */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Money history is never lost with its user (decision 0010).
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    kind: ledgerKind("kind").notNull(),
    /** The wallet's balance right after this row, so the ledger reads like a bank statement. */
    balanceAfter: numeric("balance_after", { precision: 12, scale: 2 }).notNull(),
    /** Why an admin moved money (top-ups); null for order debits and refunds. */
    reason: text("reason"),
    orderId: uuid("order_id"),
    /** The counter sale a wallet paid (`order`) or got back when it was voided (`refund`), decision 0071. */
    counterSaleId: uuid("counter_sale_id"),
    /** The bank statement's credit line this EFT came from: credited once, by the unique index. */
    bankCreditId: bigint("bank_credit_id", { mode: "number" }),
    /** The top-up a reversal undoes: undone once, by the unique index. */
    reversesId: bigint("reverses_id", { mode: "number" }),
    /** The online payment this credit came from (decision 0074): credited once, by the unique index. */
    onlinePaymentId: uuid("online_payment_id"),
    createdBy: uuid("created_by"),
    /** Whose money it was, when known: a guardian paying for a learner (decision 0068). */
    paidBy: uuid("paid_by"),
    createdAt: createdAt(),
  },
  (t) => [
    // A wallet's rows in time order; with the balance in the key, a wallet's balance at any moment
    // (the day's proof) is read from the index alone.
    index("wallet_transactions_user_id_idx").on(t.userId, t.createdAt, t.id, t.balanceAfter),
    // The day's money, the reports' ranges (docs/decisions/0042-the-days-close.md).
    index("wallet_transactions_created_at_idx").on(t.createdAt),
    // A paid order is charged once and refunded at most once.
    uniqueIndex("wallet_transactions_order_kind_key").on(t.orderId, t.kind),
    // A counter sale is charged once and given back at most once.
    uniqueIndex("wallet_transactions_counter_sale_kind_key").on(t.counterSaleId, t.kind),
    uniqueIndex("wallet_transactions_bank_credit_key").on(t.bankCreditId),
    uniqueIndex("wallet_transactions_reverses_key").on(t.reversesId),
    uniqueIndex("wallet_transactions_online_payment_kind_key").on(t.onlinePaymentId, t.kind),
  ],
);

/** A bank statement an admin imported at /money (decision 0034). */
export const bankStatements = pgTable("bank_statements", {
  id: uuid("id").primaryKey().defaultRandom(),
  bank: statementBank("bank").notNull(),
  account: text("account"),
  fileName: text("file_name"),
  /** Transaction lines read, debits included. */
  lineCount: integer("line_count").notNull(),
  importedBy: uuid("imported_by").references(() => users.id, { onDelete: "set null" }),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A credit line of a statement. Its fingerprint (account, date, amount, description, and the
 * running balance or which of identical lines it is) is unique: a statement uploaded twice,
 * or two that overlap, bring each bank line in once.
 */
export const bankCredits = pgTable(
  "bank_credits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    fingerprint: text("fingerprint").notNull(),
    line: integer("line").notNull(),
    date: date("date").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    description: text("description").notNull(),
    status: bankCreditStatus("status").notNull(),
    /** Matched: whose wallet it went to. Review: whom it may be for. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    hint: text("hint"),
    dismissReason: text("dismiss_reason"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bank_credits_fingerprint_key").on(t.fingerprint),
    index("bank_credits_status_idx").on(t.status, t.id),
    check("bank_credits_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const weeklyMenus = pgTable(
  "weekly_menus",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to").notNull(),
    kantienStaffId: uuid("kantien_staff_id").references(() => users.id, { onDelete: "set null" }),
    creationDate: timestamp("creation_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("weekly_menus_dates_key").on(t.dateFrom, t.dateTo),
    check(
      "weekly_menus_monday_to_friday",
      sql`extract(isodow from ${t.dateFrom}) = 1 and ${t.dateTo} = ${t.dateFrom} + 4`,
    ),
  ],
);

export const foodItems = pgTable(
  "food_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    imageUrl: text("image_url"),
    dayOfWeek: weekday("day_of_week").notNull(),
    weeklyMenuId: uuid("weekly_menu_id")
      .notNull()
      .references(() => weeklyMenus.id, { onDelete: "restrict" }),
    preparationTime: integer("preparation_time").notNull().default(15),
    /**
     * How many portions the kitchen makes of the dish for its day; null is no cap. Every order not
     * cancelled takes its quantity, decided under the item's row lock, so it never oversells.
     */
    portions: integer("portions"),
    /** Also sold at the counter on its day, from the same portions (decision 0071). */
    soldAtCounter: boolean("sold_at_counter").notNull().default(false),
    /** Set when a replaced item is already on orders: off the menu, kept for those orders (decision 0006). */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** Diet tags: vegetarian, vegan, halaal (decision 0041). */
    diet: dietTag("diet").array().notNull().default(sql`'{}'`),
    /**
     * Who confirmed the allergen declaration (`food_item_allergens`), and when; a change of name,
     * description or allergens clears both until an admin confirms again (decision 0041).
     */
    allergensCheckedBy: uuid("allergens_checked_by").references(() => users.id, { onDelete: "set null" }),
    allergensCheckedAt: timestamp("allergens_checked_at", { withTimezone: true }),
    /**
     * Raised by every save of the item: the ETag a save must match (decision 0057). A day's only
     * editable state is its item, so a replacement goes on from the replaced item's version.
     */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    // One active item per day of a week; retired items keep their day (decision 0006).
    uniqueIndex("food_items_menu_day_key").on(t.weeklyMenuId, t.dayOfWeek).where(sql`${t.retiredAt} is null`),
    check("food_items_price_positive", sql`${t.price} > 0`),
    check("food_items_preparation_time_non_negative", sql`${t.preparationTime} >= 0`),
    check("food_items_portions_non_negative", sql`${t.portions} >= 0`),
    // The orders summary searches item names by any part (decision 0007).
    index("food_items_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    foodItemId: uuid("food_item_id")
      .notNull()
      .references(() => foodItems.id, { onDelete: "restrict" }),
    foodItemQuantity: integer("food_item_quantity").notNull(),
    foodItemPrice: numeric("food_item_price", { precision: 10, scale: 2 }).notNull(),
    status: orderStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the order entered its current status: minutes in preparation come from here. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date("delivery_date"),
    /** The delivery date, else the created date in the canteen zone: set at insert (decision 0007). */
    orderDate: date("order_date").notNull(),
    /**
     * The order's number on its day, 1, 2, 3…: the one number every screen, label and mail shows
     * and the counter calls out (decision 0035). The trigger `orders_pickup_number` gives the next
     * one from `order_pickup_counters`; drizzle sends null for it to fill.
     */
    pickupNumber: integer("pickup_number")
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The customer said "I understand" to a warning about their allergies (decision 0041). */
    allergenAcknowledged: boolean("allergen_acknowledged").notNull().default(false),
    /** Who answered "Allergene nagegaan?" before Gereed, and when (decision 0041). */
    allergensConfirmedBy: uuid("allergens_confirmed_by").references(() => users.id, { onDelete: "set null" }),
    allergensConfirmedAt: timestamp("allergens_confirmed_at", { withTimezone: true }),
    /**
     * When an admin's change of the dish's allergens gave this open order a new allergy alert,
     * after it was ordered: its customer was told and may cancel it past the cut-off (decision 0041).
     */
    allergensChangedAt: timestamp("allergens_changed_at", { withTimezone: true }),
  },
  (t) => [
    check("orders_quantity_positive", sql`${t.foodItemQuantity} > 0`),
    index("orders_delivery_date_idx").on(t.deliveryDate, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status),
    index("orders_user_id_idx").on(t.userId),
    index("orders_food_item_id_idx").on(t.foodItemId),
    // The orders summary's date range, in its default order (decision 0007).
    index("orders_order_date_idx").on(t.orderDate, t.createdAt, t.id),
    // One number per order and day, and the way an order is found by it (decision 0035).
    uniqueIndex("orders_pickup_number_key").on(t.orderDate, t.pickupNumber),
    check("orders_pickup_number_positive", sql`${t.pickupNumber} > 0`),
  ],
);

/** What a food item declares of the 14 allergens; an allergen not listed is not declared (decision 0041). */
export const foodItemAllergens = pgTable(
  "food_item_allergens",
  {
    foodItemId: uuid("food_item_id")
      .notNull()
      .references(() => foodItems.id, { onDelete: "cascade" }),
    code: allergen("code").notNull(),
    level: allergenLevel("level").notNull(),
  },
  (t) => [primaryKey({ columns: [t.foodItemId, t.code] })],
);

/**
 * A customer's diet and their consent to keep their allergies: the consent text's version, when it
 * was given, and the admin who recorded it for them (null when the customer gave it). Allergies
 * are health information (POPIA): without consent there are none (decision 0041).
 */
export const dietaryProfiles = pgTable(
  "dietary_profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    diet: dietTag("diet").array().notNull().default(sql`'{}'`),
    allergyConsentVersion: text("allergy_consent_version"),
    allergyConsentAt: timestamp("allergy_consent_at", { withTimezone: true }),
    allergyConsentRecordedBy: uuid("allergy_consent_recorded_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * The guardian who gave the consent for a learner under 18 (decision 0068); null when the
     * customer gave it themselves or an admin recorded it.
     */
    allergyConsentGuardianId: uuid("allergy_consent_guardian_id").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    check(
      "dietary_profiles_consent_whole",
      sql`(${t.allergyConsentVersion} is null) = (${t.allergyConsentAt} is null)`,
    ),
  ],
);

/** A customer's allergies, each with how they react; kept only with consent (`dietary_profiles`). */
export const customerAllergies = pgTable(
  "customer_allergies",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: allergen("code").notNull(),
    severity: allergySeverity("severity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** Every time an admin opened or changed a customer's allergies: the customer may ask who did. */
export const allergyAccessLog = pgTable(
  "allergy_access_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessedBy: uuid("accessed_by").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    accessedAt: timestamp("accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("allergy_access_log_user_id_idx").on(t.userId, t.accessedAt),
    check("allergy_access_log_action", sql`${t.action} in ('view', 'edit')`),
  ],
);

/** The last pickup number given out on each order date (decision 0035). */
export const orderPickupCounters = pgTable("order_pickup_counters", {
  orderDate: date("order_date").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** Every status change of an order: the timeline and "who did it". */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the canteen cancelled (decision 0037); null for every other change and a customer's cancel. */
    reason: text("reason"),
  },
  (t) => [index("order_status_changes_order_id_idx").on(t.orderId, t.changedAt)],
);

export const userSettings = pgTable(
  "user_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    theme: themeMode("theme").notNull().default("light"),
    language: language("language").notNull().default("af"),
    refreshInterval: integer("refresh_interval").notNull().default(30),
  },
  (t) => [check("user_settings_refresh_interval_range", sql`${t.refreshInterval} between 5 and 3600`)],
);

/** Server-side sessions; the cookie holds the token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Verification, invitation and password-reset tokens: stored hashed, single use, expiring. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: authTokenPurpose("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_id_idx").on(t.userId)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: emailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_pending_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * Rate-limited attempts, by account and by address: failed sign-ins (`login`, for the
 * sign-in limit), sign-ups (`signup`, for the sign-up limit) and reset-link requests
 * (`password_reset`, for the reset limit).
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: attemptKind("kind").notNull().default("login"),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.kind, t.email, t.attemptedAt),
    index("login_attempts_ip_idx").on(t.kind, t.ip, t.attemptedAt),
  ],
);

/** Idempotency keys for state-changing calls that charge money (orders from the wallet). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: uuid("user_id").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.userId] })],
);

/**
 * The canteen's ordering rules (decision 0021): one row (id 1), created with the defaults of
 * `CANTEEN_RULES_DEFAULTS` by its migration; admins change it, nobody adds or removes it.
 */
export const canteenSettings = pgTable(
  "canteen_settings",
  {
    id: smallint("id").primaryKey().default(1),
    cutoffTime: text("cutoff_time").notNull().default("09:00"),
    cutoffDaysBefore: smallint("cutoff_days_before").notNull().default(0),
    weeksAhead: smallint("weeks_ahead").notNull().default(2),
    maxQuantity: smallint("max_quantity").notNull().default(5),
    lowBalanceThreshold: numeric("low_balance_threshold", { precision: 10, scale: 2 })
      .notNull()
      .default("50.00"),
    /** The most one wallet sale may be while the counter is offline (decision 0073). */
    offlineSaleLimit: numeric("offline_sale_limit", { precision: 10, scale: 2 }).notNull().default("50.00"),
    /** The kitchen board's ageing stages: a waiting order turns amber, then red (decision 0025). */
    kitchenWarnMinutes: smallint("kitchen_warn_minutes").notNull().default(10),
    kitchenLateMinutes: smallint("kitchen_late_minutes").notNull().default(20),
    /** When the kitchen starts serving (HH:MM): no order waits on the board from before it. */
    kitchenServiceStart: text("kitchen_service_start").notNull().default("07:30"),
    /** The bank account customers pay into by EFT (decision 0033): all four, or none yet. */
    bank: text("bank"),
    bankAccountHolder: text("bank_account_holder"),
    bankAccountNumber: text("bank_account_number"),
    bankBranchCode: text("bank_branch_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** Raised by every save of the rules or the bank details: the ETag a save must match (decision 0057). */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check("canteen_settings_one_row", sql`${t.id} = 1`),
    check("canteen_settings_cutoff_time", sql`${t.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("canteen_settings_cutoff_days", sql`${t.cutoffDaysBefore} between 0 and 5`),
    check("canteen_settings_weeks_ahead", sql`${t.weeksAhead} between 1 and 8`),
    check("canteen_settings_max_quantity", sql`${t.maxQuantity} between 1 and 20`),
    check("canteen_settings_low_balance", sql`${t.lowBalanceThreshold} > 0`),
    check("canteen_settings_kitchen_warn", sql`${t.kitchenWarnMinutes} between 1 and 600`),
    check("canteen_settings_kitchen_late", sql`${t.kitchenLateMinutes} between 1 and 600`),
    check("canteen_settings_kitchen_order", sql`${t.kitchenWarnMinutes} < ${t.kitchenLateMinutes}`),
    check(
      "canteen_settings_kitchen_service_start",
      sql`${t.kitchenServiceStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check(
      "canteen_settings_bank_details",
      sql`num_nonnulls(${t.bank}, ${t.bankAccountHolder}, ${t.bankAccountNumber}, ${t.bankBranchCode}) in (0, 4)`,
    ),
    check("canteen_settings_bank_account_number", sql`${t.bankAccountNumber} ~ '^[0-9]{6,16}$'`),
    check("canteen_settings_bank_branch_code", sql`${t.bankBranchCode} ~ '^[0-9]{6}$'`),
  ],
);

/**
 * A closed day (docs/decisions/0042-the-days-close.md): its report as the exact JSON that was
 * hashed, the SHA-256 of the previous close's hash and that JSON, and the previous hash, so an
 * auditor can walk the chain. A closed day's figures never change.
 */
export const dayCloses = pgTable("day_closes", {
  date: date("date").primaryKey(),
  /** The chain's order: each close links to the one before it. */
  sequence: bigserial("sequence", { mode: "number" }).notNull().unique(),
  reportJson: text("report_json").notNull(),
  hash: text("hash").notNull(),
  previousHash: text("previous_hash"),
  closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the reports' ranges read instead of every order (docs/decisions/0042-the-days-close.md):
 * the sold orders (not cancelled, not failed) by delivery day and dish. Kept by a trigger on
 * `orders` (migration 0019), so no write can forget it.
 */
export const salesTotals = pgTable(
  "sales_totals",
  {
    orderDate: date("order_date").notNull(),
    foodItemId: uuid("food_item_id").notNull(),
    orders: integer("orders").notNull(),
    portions: integer("portions").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderDate, t.foodItemId] })],
);

/**
 * The ledger by quarter hour and kind, kept by a trigger on `wallet_transactions` (migration
 * 0019). A quarter hour, because every time zone's days start on one: a range in the canteen's
 * time is a range of whole quarters.
 */
export const ledgerTotals = pgTable(
  "ledger_totals",
  {
    quarter: timestamp("quarter", { withTimezone: true }).notNull(),
    kind: ledgerKind("kind").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.quarter, t.kind] })],
);

/**
 * The last order event's sequence number (docs/decisions/0043-order-events-survive-a-reconnect.md):
 * one row (id 1), made by its migration. Each event takes the next number by updating it in
 * the order's transaction, so writers queue on its row lock and numbers follow commit order;
 * a rolled-back change gives its number back.
 */
export const orderEventCounter = pgTable(
  "order_event_counter",
  {
    id: smallint("id").primaryKey().default(1),
    lastId: bigint("last_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("order_event_counter_one_row", sql`${t.id} = 1`)],
);

/**
 * The recent order events, by sequence number, that a reconnecting event stream replays from
 * `Last-Event-ID`; kept a day (the hourly sweep prunes older ones). `data` is the `OrderEvent`
 * as the streams send it; `user_id` the order's owner, for `GET /api/my/events`.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").notNull(),
    data: text("data").notNull(),
    /** When the order changed, by the canteen's clock: what the retention counts from. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_events_user_id_idx").on(t.userId, t.id)],
);

/** Who may act for a learner: their guardians (decision 0068). */
export const guardianLinks = pgTable(
  "guardian_links",
  {
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The learner's first guardian: approves and removes the others. */
    isPrimary: boolean("is_primary").notNull().default(false),
    status: guardianLinkStatus("status").notNull(),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.guardianId, t.learnerId] }),
    index("guardian_links_learner_id_idx").on(t.learnerId),
    // One primary guardian per learner.
    uniqueIndex("guardian_links_primary_key").on(t.learnerId).where(sql`${t.isPrimary}`),
    check("guardian_links_not_self", sql`${t.guardianId} <> ${t.learnerId}`),
  ],
);

/** What the counter sells besides the week's menu (decision 0070): drinks, snacks, fruit. */
export const counterItems = pgTable(
  "counter_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    category: text("category").notNull().default(""),
    imageUrl: text("image_url"),
    onSale: boolean("on_sale").notNull().default(true),
    /** Its stock carries over to the next days (cans, packets) instead of being set per day. */
    stockCarries: boolean("stock_carries").notNull().default(false),
    /** The allergen declaration, as a dish's: `[{code, level}]`. */
    allergens: jsonb("allergens").notNull().default(sql`'[]'::jsonb`),
    diet: dietTag("diet").array().notNull().default(sql`'{}'`),
    /** Who confirmed the declaration, and when; a change of the name or allergens clears both. */
    allergensCheckedBy: uuid("allergens_checked_by").references(() => users.id, { onDelete: "set null" }),
    allergensCheckedAt: timestamp("allergens_checked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("counter_items_name_key").on(sql`lower(${t.name})`),
    check("counter_items_price_positive", sql`${t.price} > 0`),
  ],
);

/** A counter item's stock for a day; no row is no cap. */
export const counterItemStock = pgTable(
  "counter_item_stock",
  {
    counterItemId: uuid("counter_item_id")
      .notNull()
      .references(() => counterItems.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.counterItemId, t.date] }),
    check("counter_item_stock_non_negative", sql`${t.quantity} >= 0`),
  ],
);

/** Every change of a counter item's stock, with why and by whom: for the bursar. */
export const counterStockChanges = pgTable(
  "counter_stock_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    counterItemId: uuid("counter_item_id")
      .notNull()
      .references(() => counterItems.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    fromQuantity: integer("from_quantity"),
    toQuantity: integer("to_quantity"),
    reason: text("reason").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: createdAt(),
  },
  (t) => [index("counter_stock_changes_item_idx").on(t.counterItemId, t.date)],
);

/** Every correction of a dish's portions by an admin, with why: for the bursar (decision 0071). */
export const dishPortionChanges = pgTable(
  "dish_portion_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    foodItemId: uuid("food_item_id")
      .notNull()
      .references(() => foodItems.id, { onDelete: "cascade" }),
    /** The dish's day: the day's report lists its corrections. */
    date: date("date").notNull(),
    fromPortions: integer("from_portions"),
    toPortions: integer("to_portions"),
    reason: text("reason").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("dish_portion_changes_date_idx").on(t.date)],
);

/**
 * A sale at the counter (decision 0071): paid from a customer's wallet (one `order` debit in the
 * ledger) or in cash or by card (no customer). Voided by an admin the same day, with a reason; a
 * voided sale takes nothing from portions or stock.
 */
export const counterSales = pgTable(
  "counter_sales",
  {
    id: uuid("id").primaryKey(),
    /** The canteen's day of the sale, and its number that day (the receipt's). */
    date: date("date").notNull(),
    number: integer("number").notNull(),
    method: text("method", { enum: SALE_METHODS }).notNull(),
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "restrict" }),
    total: numeric("total", { precision: 10, scale: 2 }).notNull(),
    /** The cook confirmed the customer's allergies for this basket. */
    allergenAcknowledged: boolean("allergen_acknowledged").notNull().default(false),
    soldBy: uuid("sold_by").references(() => users.id, { onDelete: "set null" }),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
    voidReason: text("void_reason"),
  },
  (t) => [
    uniqueIndex("counter_sales_date_number_key").on(t.date, t.number),
    // A learner's spending per day and week (their guardians' limits).
    index("counter_sales_customer_idx").on(t.customerId, t.date),
    check("counter_sales_wallet_has_customer", sql`(${t.method} = 'wallet') = (${t.customerId} is not null)`),
    check("counter_sales_method", sql`${t.method} in ('wallet', 'cash', 'card')`),
    check("counter_sales_total_positive", sql`${t.total} > 0`),
  ],
);

/** A sale's lines: a dish of the day or a counter item, at the price it was sold for. */
export const counterSaleLines = pgTable(
  "counter_sale_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    saleId: uuid("sale_id")
      .notNull()
      .references(() => counterSales.id, { onDelete: "cascade" }),
    foodItemId: uuid("food_item_id").references(() => foodItems.id, { onDelete: "restrict" }),
    counterItemId: uuid("counter_item_id").references(() => counterItems.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [
    index("counter_sale_lines_sale_idx").on(t.saleId),
    // What a dish's portions and an item's stock have sold.
    index("counter_sale_lines_food_item_idx").on(t.foodItemId).where(sql`${t.foodItemId} is not null`),
    index("counter_sale_lines_counter_item_idx")
      .on(t.counterItemId)
      .where(sql`${t.counterItemId} is not null`),
    check("counter_sale_lines_one_item", sql`num_nonnulls(${t.foodItemId}, ${t.counterItemId}) = 1`),
    check("counter_sale_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A learner's card for the counter's scanner (decision 0072): one active card per learner; a lost
 * card is blocked, and its token stops working at once.
 */
export const learnerCards = pgTable(
  "learner_cards",
  {
    token: text("token").primaryKey(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedBy: uuid("blocked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("learner_cards_active_key").on(t.learnerId).where(sql`${t.blockedAt} is null`)],
);

/** Every link, approval and removal, for the record: kept when the link itself is gone. */
export const guardianLinkChanges = pgTable(
  "guardian_link_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    guardianId: uuid("guardian_id").notNull(),
    learnerId: uuid("learner_id").notNull(),
    change: guardianLinkChange("change").notNull(),
    changedBy: uuid("changed_by"),
    createdAt: createdAt(),
  },
  (t) => [index("guardian_link_changes_learner_id_idx").on(t.learnerId, t.createdAt)],
);

/** What a learner's guardians allow: spending per day and week, dishes and allergens not to buy. */
export const learnerLimits = pgTable(
  "learner_limits",
  {
    learnerId: uuid("learner_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dailyLimit: numeric("daily_limit", { precision: 12, scale: 2 }),
    weeklyLimit: numeric("weekly_limit", { precision: 12, scale: 2 }),
    blockedFoodItemIds: uuid("blocked_food_item_ids").array().notNull().default(sql`'{}'`),
    blockedAllergens: allergen("blocked_allergens").array().notNull().default(sql`'{}'`),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("learner_limits_daily_non_negative", sql`${t.dailyLimit} >= 0`),
    check("learner_limits_weekly_non_negative", sql`${t.weeklyLimit} >= 0`),
  ],
);

/**
 * How the canteen takes online payments (decision 0074): one row (id 1), made by its migration.
 * The secrets are sealed with the server's secrets key (`secret-box.ts`): a backup holds them
 * unreadable.
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** null: no online payments. */
    provider: paymentProvider("provider"),
    sandbox: boolean("sandbox").notNull().default(true),
    minAmount: numeric("min_amount", { precision: 10, scale: 2 }).notNull().default("20.00"),
    maxAmount: numeric("max_amount", { precision: 10, scale: 2 }).notNull().default("2000.00"),
    feeFixed: numeric("fee_fixed", { precision: 10, scale: 2 }).notNull().default("0.00"),
    feePercent: numeric("fee_percent", { precision: 5, scale: 2 }).notNull().default("0.00"),
    merchantId: text("merchant_id"),
    merchantKey: text("merchant_key"),
    passphrase: text("passphrase"),
    secretKey: text("secret_key"),
    webhookSecret: text("webhook_secret"),
    /** The simulator's own signing secret, made at its first payment. */
    simulatorSecret: text("simulator_secret"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check("payment_settings_one_row", sql`${t.id} = 1`),
    check("payment_settings_amounts", sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount}`),
    check("payment_settings_fees", sql`${t.feeFixed} >= 0 and ${t.feePercent} between 0 and 10`),
  ],
);

/**
 * A top-up paid at a payment provider (decision 0074). The provider's ids are unique: a
 * notification however often it comes settles its payment once.
 */
export const onlinePayments = pgTable(
  "online_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: paymentProvider("provider").notNull(),
    sandbox: boolean("sandbox").notNull(),
    /** Whose wallet it tops up. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Who paid: the customer, or a guardian for a learner. */
    paidBy: uuid("paid_by").references(() => users.id, { onDelete: "set null" }),
    /** What the wallet gets; the payer pays amount + fee. */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    fee: numeric("fee", { precision: 12, scale: 2 }).notNull(),
    status: onlinePaymentStatus("status").notNull().default("pending"),
    /** The provider's checkout (Yoco, the simulator), made when the payer starts. */
    checkoutId: text("checkout_id"),
    /** Where the payer goes to pay (a checkout's page), kept so a retried start answers it again. */
    redirectUrl: text("redirect_url"),
    /** The provider's id of the payment itself (PayFast's pf_payment_id, Yoco's payment id). */
    providerPaymentId: text("provider_payment_id"),
    /** What the provider's notification says was paid (amount + fee when all is well; flagged when not). */
    paidAmount: numeric("paid_amount", { precision: 12, scale: 2 }),
    /**
     * A PayFast ITN whose signature held but whose confirmation PayFast has not given yet (its
     * validate call did not answer): asked again by the background check until it does.
     */
    waitingNotice: text("waiting_notice"),
    /** Refunds made at the provider, as it reported them: their ids (space-separated, each recorded once) and sum. */
    refundId: text("refund_id"),
    refundedAmount: numeric("refunded_amount", { precision: 12, scale: 2 }),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("online_payments_provider_payment_key").on(t.provider, t.providerPaymentId),
    uniqueIndex("online_payments_checkout_key").on(t.provider, t.checkoutId),
    index("online_payments_status_idx").on(t.status, t.createdAt),
    index("online_payments_user_id_idx").on(t.userId, t.createdAt),
    check("online_payments_amount_positive", sql`${t.amount} > 0`),
    check("online_payments_fee_non_negative", sql`${t.fee} >= 0`),
  ],
);
