import { ALLERGEN_TEXTS, ALLERGY_SEVERITY_LABELS, DIET_TAG_LABELS } from "@kantien/domain/allergen-texts";
import {
  ALLERGENS,
  ALLERGY_SEVERITIES,
  type Allergen,
  type Allergies,
  type AllergySeverity,
  DIET_TAGS,
  type DietTag,
} from "@kantien/domain/allergens";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Warning from "@mui/icons-material/Warning";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";

/*
 * The 14 allergens, each with a severity or none, and the diet tags: the customer's profile
 * and the admins' customer detail pick them the same way. The declared allergies come first;
 * the rest open behind one button, so what someone recorded is never buried among 14 lists. Its words come from the domain's
 * allergen-texts.ts, so only screens that load this component lazily carry them.
 */

export type AllergyChoice = { allergies: Allergies; diet: DietTag[] };

type Props = {
  value: AllergyChoice;
  onChange: (value: AllergyChoice) => void;
  /** Without consent the allergies cannot be chosen; the diet always can. */
  allergiesDisabled: boolean;
  labels: { allergies: string; none: string; severityOf: (allergen: string) => string; diet: string };
};

/** The allergies in the list's order, with `code` set to `severity` (or taken out). */
function withSeverity(allergies: Allergies, code: Allergen, severity: AllergySeverity | null): Allergies {
  const others = allergies.filter((allergy) => allergy.code !== code);
  const next = severity ? [...others, { code, severity }] : others;
  return ALLERGENS.flatMap((c) => next.filter((allergy) => allergy.code === c));
}

/** One allergen: its name, how the person reacts (or none), and what holds it. */
function AllergenRow({
  code,
  severity,
  disabled,
  labels,
  onChange,
}: {
  code: Allergen;
  severity: AllergySeverity | "";
  disabled: boolean;
  labels: Props["labels"];
  onChange: (severity: AllergySeverity | null) => void;
}) {
  const language = currentLanguage();
  const text = ALLERGEN_TEXTS[language][code];
  return (
    <Box
      component="li"
      sx={{
        // The name and its choice side by side; a long name (with the severe icon)
        // puts the choice on a line of its own rather than under the name's letters.
        display: "flex",
        flexWrap: "wrap",
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: "center",
        // A chosen allergen stands out by its border and, when severe, an icon and bold text.
        pl: 1.5,
        borderLeft: 4,
        borderColor: severity === "severe" ? "error.main" : severity ? "primary.main" : "transparent",
      }}
    >
      <Typography sx={{ fontWeight: 600, display: "flex", alignItems: "center", gap: 0.5 }}>
        {severity === "severe" ? <Warning fontSize="small" color="error" aria-hidden="true" /> : null}
        {text.name}
      </Typography>
      <TextField
        select
        size="small"
        value={severity}
        disabled={disabled}
        onChange={(event) => onChange((event.target.value || null) as AllergySeverity | null)}
        sx={{ width: 200, ml: "auto" }}
        slotProps={{
          select: { native: true },
          htmlInput: { "aria-label": labels.severityOf(text.name) },
        }}
      >
        <option value="">{labels.none}</option>
        {ALLERGY_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {ALLERGY_SEVERITY_LABELS[language][s]}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ flexBasis: "100%" }}>
        {text.explanation}
      </Typography>
    </Box>
  );
}

export function AllergyPicker({ value, onChange, allergiesDisabled, labels }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const severityOf = new Map(value.allergies.map((allergy) => [allergy.code, allergy.severity]));
  // What is declared comes first, in a list of its own; the other allergens wait behind "Voeg 'n
  // allergie by", open at once while nothing is declared. A chosen one joins the list above
  // only when the picker is drawn again from its value (it stays where it was while chosen).
  const [declaredFirst] = useState(() => new Set(value.allergies.map((allergy) => allergy.code)));
  const [showOthers, setShowOthers] = useState(declaredFirst.size === 0);
  const othersId = useId();
  const declared = ALLERGENS.filter((code) => declaredFirst.has(code));
  const others = ALLERGENS.filter((code) => !declaredFirst.has(code));
  const row = (code: Allergen) => (
    <AllergenRow
      key={code}
      code={code}
      severity={severityOf.get(code) ?? ""}
      disabled={allergiesDisabled}
      labels={labels}
      onChange={(severity) =>
        onChange({ ...value, allergies: withSeverity(value.allergies, code, severity) })
      }
    />
  );
  return (
    <Stack spacing={3}>
      <Box component="fieldset" disabled={allergiesDisabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {labels.allergies}
        </Typography>
        {declared.length > 0 ? (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0, mb: 2 }}>
            {declared.map(row)}
          </Stack>
        ) : null}
        {declared.length > 0 ? (
          <Button
            variant="text"
            onClick={() => setShowOthers((shown) => !shown)}
            aria-expanded={showOthers}
            aria-controls={othersId}
            startIcon={showOthers ? <ExpandLess aria-hidden="true" /> : <ExpandMore aria-hidden="true" />}
            sx={{ minHeight: 44, mb: showOthers ? 1.5 : 0 }}
          >
            {t("allergyPicker.others", { count: others.length })}
          </Button>
        ) : null}
        {showOthers ? (
          <Stack id={othersId} component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {others.map(row)}
          </Stack>
        ) : null}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {labels.diet}
        </Typography>
        <FormGroup row>
          {DIET_TAGS.map((tag) => (
            <FormControlLabel
              key={tag}
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={value.diet.includes(tag)}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      diet: DIET_TAGS.filter((other) =>
                        other === tag ? event.target.checked : value.diet.includes(other),
                      ),
                    })
                  }
                />
              }
              label={DIET_TAG_LABELS[language][tag]}
            />
          ))}
        </FormGroup>
      </Box>
    </Stack>
  );
}
