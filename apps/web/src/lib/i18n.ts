import { type Language, pickLanguage } from "@kantien/domain/language";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import af from "../locales/af.json";
import { readStorage, writeStorage } from "./storage";

type BackOfficeTexts = typeof import("../locales/back-office/af.json");
type MyWalletTexts = typeof import("../locales/my-wallet/af.json");
type MyProfileTexts = typeof import("../locales/my-profile/af.json");
type MyAllergensTexts = typeof import("../locales/my-allergens/af.json");
type ReportsTexts = typeof import("../locales/reports/af.json");
type MyLearnersTexts = typeof import("../locales/my-learners/af.json");
type CounterSalesTexts = typeof import("../locales/counter-sales/af.json");
type MyOrdersTexts = typeof import("../locales/my-orders/af.json");
type CustomersTexts = typeof import("../locales/customers/af.json");
/** The whole catalogue: the texts every page may need, the back office's screens, the wallet's, the profile's, the menu's allergens', the counter's sales', the reports'. */
type Catalogue = typeof af &
  BackOfficeTexts &
  MyWalletTexts &
  MyProfileTexts &
  MyAllergensTexts &
  MyLearnersTexts &
  CounterSalesTexts &
  MyOrdersTexts &
  CustomersTexts &
  ReportsTexts;
// Both languages must hold the same keys: this fails to compile when one lacks a key.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const cataloguesMatch: SameShape<typeof af, typeof import("../locales/en.json")> = true;
const backOfficeTextsMatch: SameShape<BackOfficeTexts, typeof import("../locales/back-office/en.json")> =
  true;
const myWalletTextsMatch: SameShape<MyWalletTexts, typeof import("../locales/my-wallet/en.json")> = true;
const myProfileTextsMatch: SameShape<MyProfileTexts, typeof import("../locales/my-profile/en.json")> = true;
const myAllergensTextsMatch: SameShape<MyAllergensTexts, typeof import("../locales/my-allergens/en.json")> =
  true;
void cataloguesMatch;
void myProfileTextsMatch;
void myAllergensTextsMatch;
void backOfficeTextsMatch;
const reportsTextsMatch: SameShape<ReportsTexts, typeof import("../locales/reports/en.json")> = true;
void myWalletTextsMatch;
void reportsTextsMatch;
const myLearnersTextsMatch: SameShape<MyLearnersTexts, typeof import("../locales/my-learners/en.json")> =
  true;
void myLearnersTextsMatch;
const counterSalesTextsMatch: SameShape<
  CounterSalesTexts,
  typeof import("../locales/counter-sales/en.json")
> = true;
void counterSalesTextsMatch;
const myOrdersTextsMatch: SameShape<MyOrdersTexts, typeof import("../locales/my-orders/en.json")> = true;
void myOrdersTextsMatch;
const customersTextsMatch: SameShape<CustomersTexts, typeof import("../locales/customers/en.json")> = true;
void customersTextsMatch;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}

export const LANGUAGE_STORAGE_KEY = "language";

// Afrikaans' common texts, the default, are bundled; the rest loads when first needed.
void i18n.use(initReactI18next).init({
  // A copy, as in addTexts.
  resources: { af: { translation: structuredClone(af) } },
  lng: "af",
  fallbackLng: "af",
  supportedLngs: ["af", "en"],
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function syncHtmlLang(language: string): void {
  document.documentElement.lang = language;
}
syncHtmlLang(i18n.language);
i18n.on("languageChanged", syncHtmlLang);

export type TextPart =
  | "common"
  | "backOffice"
  | "myWallet"
  | "myProfile"
  | "myAllergens"
  | "myLearners"
  | "counterSales"
  | "myOrders"
  | "customers"
  | "reports";

/**
 * The texts come in parts, each loaded once per language: the common texts every page may need
 * (Afrikaans bundled, English when first chosen), and the back office's screens, loaded with its
 * layouts (app/screens.tsx), so a customer's phone and the sign-in page never
 * download them. The ordering app's wallet screen (how to pay by EFT, the statement's kinds)
 * loads its own with it, so the sign-in pages and the menu's first load carry none of them; so
 * does the profile screen, for its allergies and data download (decision 0041), and so do the
 * menu's allergen warnings, loaded with the parts that show them; so do
 * the back office's reports, so the kitchen board's first load carries none of theirs; and so do
 * a guardian's screens (their learners, linking, limits), which a learner never loads, and so
 * does the counter's sales mode, loaded when a cook opens it, and the customer's orders screen,
 * which the sign-in page and the menu's first load do not show; and the customers screen's own
 * dialogs (allergies, guardians, leaving, the school's list, letters, cards), which the kitchen
 * board's first load need not carry.
 * (All the ordering app's texts as one part made its first load larger, not smaller.)
 */
const textParts: Record<TextPart, Record<Language, () => Promise<{ default: object }>>> = {
  common: { af: async () => ({ default: af }), en: () => import("../locales/en.json") },
  backOffice: {
    af: () => import("../locales/back-office/af.json"),
    en: () => import("../locales/back-office/en.json"),
  },
  myWallet: {
    af: () => import("../locales/my-wallet/af.json"),
    en: () => import("../locales/my-wallet/en.json"),
  },
  myProfile: {
    af: () => import("../locales/my-profile/af.json"),
    en: () => import("../locales/my-profile/en.json"),
  },
  myAllergens: {
    af: () => import("../locales/my-allergens/af.json"),
    en: () => import("../locales/my-allergens/en.json"),
  },
  myLearners: {
    af: () => import("../locales/my-learners/af.json"),
    en: () => import("../locales/my-learners/en.json"),
  },
  customers: {
    af: () => import("../locales/customers/af.json"),
    en: () => import("../locales/customers/en.json"),
  },
  myOrders: {
    af: () => import("../locales/my-orders/af.json"),
    en: () => import("../locales/my-orders/en.json"),
  },
  counterSales: {
    af: () => import("../locales/counter-sales/af.json"),
    en: () => import("../locales/counter-sales/en.json"),
  },
  reports: {
    af: () => import("../locales/reports/af.json"),
    en: () => import("../locales/reports/en.json"),
  },
};
const addedParts = new Set<`${TextPart}:${Language}`>(["common:af"]);
const wantedParts = new Set<TextPart>(["common"]);

async function addTexts(part: TextPart, language: Language): Promise<void> {
  if (addedParts.has(`${part}:${language}`)) return;
  const texts = await textParts[part][language]();
  // A copy: i18next merges later parts into the first, which must not change an imported file.
  i18n.addResourceBundle(language, "translation", structuredClone(texts.default), true);
  addedParts.add(`${part}:${language}`);
}

/** Loads a language's texts: its common texts, and every other part loaded so far. */
export async function loadLanguage(language: Language): Promise<void> {
  await addTexts("common", language);
  await Promise.all([...wantedParts].map((part) => addTexts(part, language)));
}

/** Loads a part of the texts in every language loaded so far (and later ones follow). */
export async function loadTexts(part: TextPart): Promise<void> {
  wantedParts.add(part);
  const languages = [...addedParts].filter((key) => key.startsWith("common:")).map((key) => key.slice(7));
  await Promise.all(languages.map((language) => addTexts(part, language as Language)));
}

/** A module that renders once a part of the texts is there too: its screens read them. */
export async function withTexts<M>(part: TextPart, module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadTexts(part)]);
  return loaded;
}

async function switchTo(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * The one way the app's language changes: texts loaded, i18next switched, and the choice
 * remembered on this device. The remembered language is what a signed-out visitor sees and
 * sends as Accept-Language; for signed-in staff the server's `user_settings.language` is the
 * truth (lib/user-settings.ts saves it there and applies it through this function).
 */
export async function applyLanguage(language: Language): Promise<void> {
  await switchTo(language);
  writeStorage(LANGUAGE_STORAGE_KEY, language);
}

/** Resolves once the remembered language's texts are ready; the app renders after it. */
export const i18nReady: Promise<void> = switchTo(pickLanguage(readStorage(LANGUAGE_STORAGE_KEY))).catch(
  (error: unknown) => console.warn("Could not load the remembered language; using Afrikaans", error),
);

export function currentLanguage(): Language {
  return pickLanguage(i18n.language);
}

export { i18n };
