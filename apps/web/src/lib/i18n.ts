import { type Language, pickLanguage } from "@kantien/domain/language";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import af from "../locales/af.json";
import { readStorage, writeStorage } from "./storage";

type Catalogue = typeof af;
type EnglishCatalogue = typeof import("../locales/en.json");
// Both catalogues must hold the same keys: this fails to compile when one lacks a key.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const cataloguesMatch: SameShape<Catalogue, EnglishCatalogue> = true;
void cataloguesMatch;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}

export const LANGUAGE_STORAGE_KEY = "language";

// Afrikaans, the default, is bundled; English loads when first needed (first-load budgets, `npm run bench`).
void i18n.use(initReactI18next).init({
  resources: { af: { translation: af } },
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

/** Loads a language's texts when they are not bundled yet (only English is loaded on demand). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const catalogue = await import("../locales/en.json");
  i18n.addResourceBundle("en", "translation", catalogue.default);
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
