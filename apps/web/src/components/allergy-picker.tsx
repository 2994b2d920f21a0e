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
import Warning from "@mui/icons-material/Warning";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { currentLanguage } from "../lib/i18n";

/*
 * The 14 allergens, each with a severity or none, and the diet tags: the customer's profile
 * and the admins' customer detail pick them the same way. Its words come from the domain's
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

export function AllergyPicker({ value, onChange, allergiesDisabled, labels }: Props) {
  const language = currentLanguage();
  const severityOf = new Map(value.allergies.map((allergy) => [allergy.code, allergy.severity]));
  return (
    <Stack spacing={3}>
      <Box component="fieldset" disabled={allergiesDisabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {labels.allergies}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {ALLERGENS.map((code) => {
            const text = ALLERGEN_TEXTS[language][code];
            const severity = severityOf.get(code) ?? "";
            return (
              <Box
                component="li"
                key={code}
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
                  borderColor:
                    severity === "severe" ? "error.main" : severity ? "primary.main" : "transparent",
                }}
              >
                <Typography sx={{ fontWeight: 600, display: "flex", alignItems: "center", gap: 0.5 }}>
                  {severity === "severe" ? (
                    <Warning fontSize="small" color="error" aria-hidden="true" />
                  ) : null}
                  {text.name}
                </Typography>
                <TextField
                  select
                  size="small"
                  value={severity}
                  disabled={allergiesDisabled}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      allergies: withSeverity(
                        value.allergies,
                        code,
                        (event.target.value || null) as AllergySeverity | null,
                      ),
                    })
                  }
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
          })}
        </Stack>
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
                      diet: DIET_TAGS.filter((t) =>
                        t === tag ? event.target.checked : value.diet.includes(t),
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
