import type {
  Allergen,
  AllergenDeclaration,
  AllergenWarningLevel,
  AllergySeverity,
  DietTag,
} from "./allergens";

// The words of the allergen list, apart from its rules: a screen that only checks codes loads
// none of them (the ordering app's first load).

type Language = "af" | "en";
type AllergenText = { name: string; explanation: string };

/** Each allergen's name and a short explanation of what holds it, as people read them. */
export const ALLERGEN_TEXTS: Record<Language, Record<Allergen, AllergenText>> = {
  af: {
    gluten: {
      name: "Gluten",
      explanation: "Koring, rog, gars en hawer, en wat daarvan gemaak is: brood, pasta, koek.",
    },
    crustaceans: { name: "Skaaldiere", explanation: "Garnale, krappe, kreef en langoesteine." },
    eggs: { name: "Eiers", explanation: "Eiers en kos wat eiers bevat: mayonnaise, sommige souse en gebak." },
    fish: { name: "Vis", explanation: "Alle vis, ook vissous en ansjovis." },
    peanuts: { name: "Grondboontjies", explanation: "Grondboontjies, grondboontjiebotter en -olie." },
    soybeans: { name: "Soja", explanation: "Sojabone, sojasous, tofu en sojameel." },
    milk: { name: "Melk", explanation: "Melk en suiwelprodukte: kaas, botter, room, jogurt." },
    nuts: {
      name: "Neute",
      explanation:
        "Boomneute: amandels, haselneute, okkerneute, kasjoeneute, pekanneute, pistachioneute, makadamianeute.",
    },
    celery: {
      name: "Seldery",
      explanation: "Seldery, knolseldery, selderysaad en selderysout, ook in soppe en speserye.",
    },
    mustard: { name: "Mosterd", explanation: "Mosterd, mosterdsaad en -poeier, ook in souse en slaaisouse." },
    sesame: { name: "Sesam", explanation: "Sesamsaad, tahini en sesamolie." },
    sulphites: {
      name: "Sulfiete",
      explanation: "Swaeldioksied en sulfiete bo 10 mg/kg: droëvrugte, sommige drankies.",
    },
    lupin: { name: "Lupien", explanation: "Lupiensaad en -meel, soms in brood en gebak." },
    molluscs: { name: "Weekdiere", explanation: "Mossels, oesters, perlemoen, inkvis en slakke." },
  },
  en: {
    gluten: {
      name: "Gluten",
      explanation: "Wheat, rye, barley and oats, and what is made of them: bread, pasta, cake.",
    },
    crustaceans: { name: "Crustaceans", explanation: "Prawns, crabs, lobster and langoustines." },
    eggs: { name: "Eggs", explanation: "Eggs and what holds them: mayonnaise, some sauces and baking." },
    fish: { name: "Fish", explanation: "All fish, fish sauce and anchovies included." },
    peanuts: { name: "Peanuts", explanation: "Peanuts, peanut butter and peanut oil." },
    soybeans: { name: "Soya", explanation: "Soya beans, soy sauce, tofu and soya flour." },
    milk: { name: "Milk", explanation: "Milk and dairy: cheese, butter, cream, yoghurt." },
    nuts: {
      name: "Tree nuts",
      explanation: "Almonds, hazelnuts, walnuts, cashews, pecans, pistachios, macadamias.",
    },
    celery: {
      name: "Celery",
      explanation: "Celery, celeriac, celery seed and salt, in soups and spices too.",
    },
    mustard: { name: "Mustard", explanation: "Mustard, its seeds and powder, in sauces and dressings too." },
    sesame: { name: "Sesame", explanation: "Sesame seeds, tahini and sesame oil." },
    sulphites: {
      name: "Sulphites",
      explanation: "Sulphur dioxide and sulphites over 10 mg/kg: dried fruit, some drinks.",
    },
    lupin: { name: "Lupin", explanation: "Lupin seeds and flour, at times in bread and pastry." },
    molluscs: { name: "Molluscs", explanation: "Mussels, oysters, abalone, squid and snails." },
  },
};

/** How a dish holds an allergen; `unchecked` only ever for a warning, never in a declaration. */
export const ALLERGEN_LEVEL_LABELS: Record<Language, Record<AllergenWarningLevel, string>> = {
  af: { contains: "Bevat", may_contain: "Kan bevat", unchecked: "Nie nagegaan nie" },
  en: { contains: "Contains", may_contain: "May contain", unchecked: "Not checked" },
};

export const ALLERGY_SEVERITY_LABELS: Record<Language, Record<AllergySeverity, string>> = {
  af: { severe: "Ernstig (anafilakse)", allergy: "Allergie", intolerance: "Intoleransie" },
  en: { severe: "Severe (anaphylaxis)", allergy: "Allergy", intolerance: "Intolerance" },
};

export const DIET_TAG_LABELS: Record<Language, Record<DietTag, string>> = {
  af: { vegetarian: "Vegetaries", vegan: "Vegan", halaal: "Halaal" },
  en: { vegetarian: "Vegetarian", vegan: "Vegan", halaal: "Halaal" },
};

export function allergenName(code: Allergen, language: Language): string {
  return ALLERGEN_TEXTS[language][code].name;
}

/** "grondboontjies, melk": allergens as a sentence names them, on screens, in messages and mails. */
export function allergenList(codes: readonly Allergen[], language: Language): string {
  return codes.map((code) => allergenName(code, language).toLowerCase()).join(", ");
}

/**
 * "Bevat: gluten, melk; kan bevat: neute": what a dish declares, by level (as Natasha's Law asks
 * of a label, and as the mail after its allergens changed says it); "" when it declares nothing.
 */
export function declarationWords(declaration: AllergenDeclaration, language: Language): string {
  const labels = ALLERGEN_LEVEL_LABELS[language];
  const text = (["contains", "may_contain"] as const)
    .flatMap((level) => {
      const codes = declaration.filter((entry) => entry.level === level).map((entry) => entry.code);
      return codes.length === 0 ? [] : [`${labels[level].toLowerCase()}: ${allergenList(codes, language)}`];
    })
    .join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The consent a customer gives before Kantien stores their allergies; its version
 * (`ALLERGY_CONSENT_VERSION`) is stored with it. It covers the allergies only: the diet is a
 * preference, kept without it.
 */
export const ALLERGY_CONSENT_TEXT: Record<Language, string> = {
  af: "Ek gee toestemming dat die kantien my allergieë stoor, sodat dit my kan help beskerm teen kos wat my siek kan maak. Die kantien se admins sien my allergieë, en elke keer dat een van hulle dit oopmaak of verander, word dit aangeteken; die kombuis sien by elke bestelling net dié van my allergieë wat op daardie gereg betrekking het. Ek kan my toestemming enige tyd terugtrek: dan word my allergieë dadelik uitgevee.",
  en: "I agree that the canteen keeps my allergies, so that it can help protect me from food that could make me ill. The canteen's admins see my allergies, and each time one opens or changes them it is recorded; the kitchen sees, with each order, only the allergens that match that dish. I can withdraw my consent at any time: my allergies are then deleted at once.",
};

/**
 * The same consent, of the same version, given by a learner's parent or guardian for a learner
 * under 18 (decision 0068): what is kept, who sees it, and that the learner sees it too.
 */
export const GUARDIAN_ALLERGY_CONSENT_TEXT: Record<Language, string> = {
  af: "As die leerder se ouer of voog gee ek toestemming dat die kantien die leerder se allergieë stoor, sodat dit die leerder kan help beskerm teen kos wat hulle siek kan maak. Die kantien se admins sien die allergieë, en elke keer dat een van hulle dit oopmaak of verander, word dit aangeteken; die kombuis sien by elke bestelling net dié allergieë wat op daardie gereg betrekking het. Die leerder en hulle ander ouers of voogde sien dit ook. Ek kan my toestemming enige tyd terugtrek: dan word die allergieë dadelik uitgevee.",
  en: "As the learner's parent or guardian I agree that the canteen keeps the learner's allergies, so that it can help protect them from food that could make them ill. The canteen's admins see the allergies, and each time one opens or changes them it is recorded; the kitchen sees, with each order, only the allergens that match that dish. The learner and their other parents or guardians see them too. I can withdraw my consent at any time: the allergies are then deleted at once.",
};
