import { type Language, pickLanguage } from "@kantien/domain/messages";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import af from "../locales/af.json";
import en from "../locales/en.json";
import { readStorage, writeStorage } from "./storage";

// Both catalogues must hold every key: each assignment fails to compile when one lacks a key.
const afComplete: typeof en = af;
const enComplete: typeof af = en;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof af };
  }
}

export const LANGUAGE_STORAGE_KEY = "language";

const storedLanguage = readStorage(LANGUAGE_STORAGE_KEY);

void i18n.use(initReactI18next).init({
  resources: { af: { translation: afComplete }, en: { translation: enComplete } },
  lng: pickLanguage(storedLanguage),
  fallbackLng: "af",
  supportedLngs: ["af", "en"],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function syncHtmlLang(language: string): void {
  document.documentElement.lang = language;
}
syncHtmlLang(i18n.language);
i18n.on("languageChanged", syncHtmlLang);

export function currentLanguage(): Language {
  return pickLanguage(i18n.language);
}

/** The user's explicit choice (top bar switch): remembered in localStorage. */
export function chooseLanguage(language: Language): void {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  void i18n.changeLanguage(language);
}

/** A language from the user's server settings applies only when no local choice was made. */
export function applySettingsLanguage(language: Language): void {
  if (readStorage(LANGUAGE_STORAGE_KEY) === null && language !== currentLanguage()) {
    void i18n.changeLanguage(language);
  }
}

export { i18n };
