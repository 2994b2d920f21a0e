import { allergenName } from "@kantien/domain/allergen-texts";
import {
  type AllergenVerdict,
  allergenVerdict,
  hasSevereWarning,
  hasUncheckedWarning,
} from "@kantien/domain/allergen-verdict";
import type { Language } from "@kantien/domain/language";
import type { MyMenuDay } from "@kantien/domain/my";
import WarningAmber from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { allergenList, declarationWords } from "../../../lib/allergen-words";

type Item = NonNullable<MyMenuDay["item"]>;

/** The severe allergens a blocked dish contains: why it cannot be ordered. */
function severeContained(item: Item) {
  return item.allergenWarnings
    .filter((warning) => warning.severity === "severe" && warning.level === "contains")
    .map((warning) => warning.code);
}

/** The title of a dish's allergy notes: refused, not checked, or a match to mind. */
function notesTitle(verdict: AllergenVerdict, item: Item) {
  if (verdict === "blocked") return "my.allergens.blockedTitle";
  return hasUncheckedWarning(item.allergenWarnings)
    ? "my.allergens.uncheckedTitle"
    : "my.allergens.matchTitle";
}

/**
 * Where the dish meets my allergies, a sentence each that says what the dish holds (contains,
 * may contain, or nobody checked) and what I recorded ("Bevat melk, en jy het aangeteken dat jy
 * dit nie verdra nie"), in red when it is refused or one of them is severe. Loaded only for a card that
 * matches, with the allergens' words.
 */
export function AllergenNotes({ item, id, language }: { item: Item; id?: string; language: Language }) {
  const { t } = useTranslation();
  const verdict: AllergenVerdict = allergenVerdict(item.allergenWarnings);
  const red = verdict === "blocked" || hasSevereWarning(item.allergenWarnings);
  return (
    <>
      {verdict === "none" ? null : (
        <Alert
          id={id}
          severity={red ? "error" : "warning"}
          icon={<WarningAmber aria-hidden="true" />}
          variant="outlined"
        >
          <AlertTitle>{t(notesTitle(verdict, item))}</AlertTitle>
          {verdict === "blocked" ? (
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t("my.allergens.blockedBody", { allergens: allergenList(severeContained(item), language) })}
            </Typography>
          ) : null}
          <AllergenWarningLines item={item} language={language} />
        </Alert>
      )}
    </>
  );
}

/**
 * One sentence per allergen where the dish meets my allergies: what the dish holds and what I
 * recorded. The card's notes and the order dialog's question say the same.
 */
export function AllergenWarningLines({ item, language }: { item: Item; language: Language }) {
  const { t } = useTranslation();
  return (
    <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
      {item.allergenWarnings.map((warning) => (
        <li key={warning.code}>
          {t(`my.allergens.warning.${warning.level}`, {
            allergen: allergenName(warning.code, language).toLowerCase(),
            reaction: t(`my.allergens.reaction.${warning.severity}`),
          })}
        </li>
      ))}
    </ul>
  );
}

/** What the dish declares, in words: "Bevat: gluten, melk; kan bevat: eiers". */
export function DeclaredAllergens({
  allergens,
  language,
}: {
  allergens: Item["allergens"];
  language: Language;
}) {
  return (
    <Typography variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
      {declarationWords(allergens, language)}
    </Typography>
  );
}
