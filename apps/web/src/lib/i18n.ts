import { type Language, pickLanguage } from "@kantien/domain/messages";
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

// Afrikaans, the default, is bundled; English loads when first needed (DESIGN §10 budget).
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

async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, "translation")) {
    const catalogue = await import("../locales/en.json");
    i18n.addResourceBundle("en", "translation", catalogue.default);
  }
  await i18n.changeLanguage(language);
}

/** Resolves once the remembered language's texts are ready; the app renders after it. */
export const i18nReady: Promise<void> = switchLanguage(pickLanguage(readStorage(LANGUAGE_STORAGE_KEY))).catch(
  (error: unknown) => console.warn("Could not load the remembered language; using Afrikaans", error),
);

export function currentLanguage(): Language {
  return pickLanguage(i18n.language);
}

/** The user's explicit choice (top bar switch): remembered in localStorage. */
export function chooseLanguage(language: Language): Promise<void> {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  return switchLanguage(language);
}

/** A language from the user's server settings applies only when no local choice was made. */
export function applySettingsLanguage(language: Language): Promise<void> {
  if (readStorage(LANGUAGE_STORAGE_KEY) !== null || language === currentLanguage()) return Promise.resolve();
  return switchLanguage(language);
}

export { i18n };
