import {
  ALLERGEN_LEVEL_LABELS,
  ALLERGEN_TEXTS,
  ALLERGY_CONSENT_TEXT,
  ALLERGY_SEVERITY_LABELS,
  DIET_TAG_LABELS,
} from "@kantien/domain/allergen-texts";
import { FIELD_MESSAGES } from "@kantien/domain/field-messages";
import { MESSAGES } from "@kantien/domain/messages";
import { ORDER_STATUS_LABELS } from "@kantien/domain/order-status";
import { describe, expect, it } from "vitest";
import af from "./af.json";
import backOfficeAf from "./back-office/af.json";
import backOfficeEn from "./back-office/en.json";
import counterSalesAf from "./counter-sales/af.json";
import counterSalesEn from "./counter-sales/en.json";
import customersAf from "./customers/af.json";
import customersEn from "./customers/en.json";
import en from "./en.json";
import myAllergensAf from "./my-allergens/af.json";
import myAllergensEn from "./my-allergens/en.json";
import myLearnersAf from "./my-learners/af.json";
import myLearnersEn from "./my-learners/en.json";
import myOrdersAf from "./my-orders/af.json";
import myOrdersEn from "./my-orders/en.json";
import myProfileAf from "./my-profile/af.json";
import myProfileEn from "./my-profile/en.json";
import myWalletAf from "./my-wallet/af.json";
import myWalletEn from "./my-wallet/en.json";
import reportsAf from "./reports/af.json";
import reportsEn from "./reports/en.json";

// The source of what is mailed and printed: their words are written in the code.
const mailAndPrint = import.meta.glob(
  ["../../../server/src/modules/*/*-mail.ts", "../features/kitchen-print/**/*.tsx"],
  { query: "?raw", import: "default", eager: true },
) as Record<string, string>;

function strings(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === "object" && value !== null
      ? strings(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)]],
  );
}

const catalogues = {
  af: [
    ...strings(af),
    ...strings(backOfficeAf),
    ...strings(myWalletAf),
    ...strings(myProfileAf),
    ...strings(myAllergensAf),
    ...strings(reportsAf),
    ...strings(myOrdersAf),
    ...strings(myLearnersAf),
    ...strings(counterSalesAf),
    ...strings(customersAf),
  ],
  en: [
    ...strings(en),
    ...strings(backOfficeEn),
    ...strings(myWalletEn),
    ...strings(myProfileEn),
    ...strings(myAllergensEn),
    ...strings(reportsEn),
    ...strings(myOrdersEn),
    ...strings(myLearnersEn),
    ...strings(counterSalesEn),
    ...strings(customersEn),
  ],
};
// The allergy texts too: what each allergen holds, the levels and reactions, and the consent.
function allergyTexts(language: "af" | "en"): [string, string][] {
  return [
    ...strings(ALLERGEN_TEXTS[language], "allergen."),
    ...strings(ALLERGEN_LEVEL_LABELS[language], "level."),
    ...strings(ALLERGY_SEVERITY_LABELS[language], "severity."),
    ...strings(DIET_TAG_LABELS[language], "diet."),
    ["consent", ALLERGY_CONSENT_TEXT[language]],
  ];
}
const domain = {
  af: [
    ...Object.entries(MESSAGES).map(([code, m]): [string, string] => [code, m.af]),
    ...Object.entries(FIELD_MESSAGES).map(([code, m]): [string, string] => [code, m.af]),
    ...allergyTexts("af"),
  ],
  en: [
    ...Object.entries(MESSAGES).map(([code, m]): [string, string] => [code, m.en]),
    ...Object.entries(FIELD_MESSAGES).map(([code, m]): [string, string] => [code, m.en]),
    ...allergyTexts("en"),
  ],
};

/**
 * Words retired for one word per concept (decision 0019): older names of a status, the
 * misspelt 'gekanseleer', delivery where food is collected, and the second word of a pair
 * (kliënt for klant, balans for saldo, bewaar for stoor, aanvulling for inbetaling); then the
 * calques and second words a native speaker's proofread took out.
 */
const RETIRED = {
  af: [
    /\bklaar\b/i,
    /gekanseleer/i,
    /nog nie begin/i,
    /\bhangend/i,
    /aflewer/i,
    /kliënt/i,
    /balans/i,
    /\bbewaar\b/i,
    /aanvul/i,
    /ongeallokeer/i,
    /suksesvol/i,
    /\brol(-id)? ?\d/i,
    // Translated, not written: an English "hash", "quick actions", "by age" (of money, not people).
    /\bhash/i,
    /vinnige aksies/i,
    /per ouderdom/i,
    // A native speaker's proofread: calques, a second word for one concept, broken grammar.
    /\bgeld (het |is )?(ge)?skuif/i, // no money "moved": say what is (not) paid back
    /\bgeld gehou\b/i, // "Geld in beursies"
    /\bgeld in (vandag|per)\b/i, // "Vandag ingebetaal", "Inbetalings per betaalwyse"
    /^\+ ?geld in$/i,
    /\bgeld wat beweeg het\b/i, // "Geldbewegings"
    /\bsperdatum\b/i, // the cut-off is the "sluitingstyd"
    /\b(is|word)\b[^.]*\blaat weet\b/i, // customers are "in kennis gestel"
    /\bstoor laat weet\b|\ben laat weet$/i, // "laat hulle weet"
    /^(stoor|skep|plaas|stuur|soek|ken toe|wys af|draai terug|laai op)…/i, // progress: "Stoor tans…"
    /^laai (?!tans|my|csv)[^…]*…/i,
    / …$/,
    /\bafgeteken\b/i, // "uitgeteken"
    /\bmiddel-in\b/i,
    /\b(kontant|kaart)-inbetaling/i,
    /\bEFT's\b/,
    /\bgekanselleerdes\b/i,
    /\bseldery-sout\b/i,
    /\bbeleggingstaat\b/i,
    /\blêer hou\b/i, // a file "bevat"
    /\bdalk bevat\b/i, // the level is "Kan bevat"
    /allergene wat by .{0,30}\bpas\b/i,
    /\bhet my toestemming gegee\b/i,
    /, word aangeteken\b/i,
    /\been keer elke keer\b/i,
    /\bdie (geel|rooi) een\b/i,
    /\bvir die rekords\b/i,
    /\bterugbetaal na\b/i, // "in jou beursie terugbetaal"
    /\bmin die\b/i, // "minus"
    /\bvolgens stand\b|^stand$/i, // "Status"
    /\b(voer uit|laai af) as csv\b/i, // "Laai CSV af"
    /\bsaldo is te (min|klein)\b|\bbeursiesaldo is te klein\b/i, // a balance is "te laag"
    /\btotale bestellings\b/i,
    /\b(hoe betaal|betaal met)$/i, // "Betaalwyse"
    /\bna aanteken\b|\bpersoneel se aanteken\b|\bhierdie aanteken\b/i, // the page is the "aantekenblad"
    /\bherlaai-interval\b|\bherlaai gereeld\b/i, // "Verfris"; "herlaai" only reloads the page
    /\bbankreël\b/i, // a bank's line is an "inskrywing"
    /\badministrateurs?\b/i, // the role is "admin"
    /\bprys per item\b/i, // "Prys per porsie"
    /^Item$/, // a dish is a "Gereg"; the menu's own "item" texts are fixed by the spec
    /\bmet die stoor\b/i,
  ],
  en: [/\bnot (yet )?(started|begun)\b/i, /\bdeliver/i, /\bpending\b/i, /\brole( id)? ?\d/i],
};
// In code the statuses' stored names (pending, delivered) are identifiers, not words people read.
const RETIRED_IN_CODE = [...RETIRED.af, /\bnot (yet )?(started|begun)\b/i, /\bdelivery\b/i];

describe("one vocabulary", () => {
  for (const language of ["af", "en"] as const) {
    it(`uses no retired word in the ${language} catalogues and the server's messages`, () => {
      const found = [...catalogues[language], ...domain[language]].filter(([, text]) =>
        RETIRED[language].some((word) => word.test(text)),
      );
      expect(found).toEqual([]);
    });

    it(`says a status by its one name in ${language}: never a bare "paid", which reads as a command`, () => {
      const labels = Object.values(ORDER_STATUS_LABELS[language]);
      const bare = language === "af" ? "Betaal" : "Paid";
      expect([...catalogues[language]].filter(([, text]) => text === bare)).toEqual([]);
      expect(labels).not.toContain(bare);
    });
  }

  it("names the kitchen's columns and counts with the status they stand for, its step buttons with verbs", () => {
    for (const [catalogue, labels] of [
      [backOfficeAf, ORDER_STATUS_LABELS.af],
      [backOfficeEn, ORDER_STATUS_LABELS.en],
    ] as const) {
      const kitchen = catalogue.screens.kitchen;
      for (const status of ["pending", "processing", "ready"] as const) {
        expect(kitchen.columns[status]).toBe(labels[status]);
        expect(kitchen.counts[status]).toBe(labels[status]);
      }
      for (const status of ["processing", "ready", "delivered"] as const) {
        // A board's step is what the cook does, never the state it leads to (decision 0019).
        expect(kitchen.steps[status]).not.toBe(labels[status]);
      }
      expect(kitchen.counts.delivered).toBe(labels.delivered);
      expect(kitchen.print.stage.waiting).toBe(labels.pending);
    }
    expect(backOfficeAf.screens.kitchen.steps).toEqual({
      processing: "Begin",
      ready: "Sit gereed",
      delivered: "Oorhandig",
    });
    expect(backOfficeEn.screens.kitchen.steps).toEqual({
      processing: "Start",
      ready: "Mark ready",
      delivered: "Hand over",
    });
  });

  it("uses no retired word in what is mailed and printed", () => {
    expect(Object.keys(mailAndPrint).length).toBeGreaterThan(3);
    const found = Object.entries(mailAndPrint).flatMap(([file, source]) =>
      RETIRED_IN_CODE.filter((word) => word.test(source)).map((word) => `${file}: ${word}`),
    );
    expect(found).toEqual([]);
  });
});
