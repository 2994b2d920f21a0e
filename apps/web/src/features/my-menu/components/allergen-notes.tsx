import { ALLERGEN_LEVEL_LABELS, ALLERGY_SEVERITY_LABELS, allergenName } from "@kantien/domain/allergen-texts";
import { type AllergenVerdict, allergenVerdict } from "@kantien/domain/allergen-verdict";
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

/**
 * Where the dish meets my allergies (which allergen, contains or may contain, how I react),
 * and what it declares. Loaded only for a card whose dish declares allergens, with their words.
 */
export function AllergenNotes({ item, id, language }: { item: Item; id?: string; language: Language }) {
  const { t } = useTranslation();
  const verdict: AllergenVerdict = allergenVerdict(item.allergenWarnings);
  return (
    <>
      {verdict === "none" ? null : (
        <Alert
          id={id}
          severity={verdict === "blocked" ? "error" : "warning"}
          icon={<WarningAmber aria-hidden="true" />}
          variant="outlined"
        >
          <AlertTitle>
            {t(verdict === "blocked" ? "my.allergens.blockedTitle" : "my.allergens.matchTitle")}
          </AlertTitle>
          {verdict === "blocked" ? (
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t("my.allergens.blockedBody", { allergens: allergenList(severeContained(item), language) })}
            </Typography>
          ) : null}
          <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
            {item.allergenWarnings.map((warning) => (
              <li key={warning.code}>
                {t("my.allergens.warning", {
                  allergen: allergenName(warning.code, language),
                  level: ALLERGEN_LEVEL_LABELS[language][warning.level].toLowerCase(),
                  severity: ALLERGY_SEVERITY_LABELS[language][warning.severity].toLowerCase(),
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {item.allergens.length > 0 ? (
        <Typography variant="body2">
          <strong>{t("my.allergens.declared")}:</strong> {declarationWords(item.allergens, language)}
        </Typography>
      ) : null}
    </>
  );
}
