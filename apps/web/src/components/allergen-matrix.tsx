import { ALLERGEN_LEVEL_LABELS, ALLERGEN_TEXTS, DIET_TAG_LABELS } from "@kantien/domain/allergen-texts";
import {
  ALLERGENS,
  type Allergen,
  type AllergenDeclaration,
  type AllergenLevel,
  DIET_TAGS,
  type DietTag,
} from "@kantien/domain/allergens";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";

type Choice = AllergenLevel | "none";
const CHOICES: readonly Choice[] = ["contains", "may_contain", "none"];

/** A fieldset's legend, as the dialog's other headings read. */
const legendSx = { typography: "subtitle1", fontWeight: 600, p: 0, mb: 0.5 } as const;

/** The declaration with `code` set to `choice`, in the list's order. */
function withChoice(declaration: AllergenDeclaration, code: Allergen, choice: Choice): AllergenDeclaration {
  const others = declaration.filter((entry) => entry.code !== code);
  const next = choice === "none" ? others : [...others, { code, level: choice }];
  return ALLERGENS.flatMap((allergen) => next.filter((entry) => entry.code === allergen));
}

/**
 * The 14 allergens, each with a three-way choice (Bevat / Kan bevat / Geen) of 48 px buttons a
 * finger hits on a tablet; each row a group named by its allergen, its explanation beside it.
 */
export function AllergenMatrix({
  value,
  onChange,
}: {
  value: AllergenDeclaration;
  onChange: (declaration: AllergenDeclaration) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const id = useId();
  const levelOf = (code: Allergen): Choice => value.find((entry) => entry.code === code)?.level ?? "none";
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }} aria-describedby={`${id}-hint`}>
      <Box component="legend" sx={legendSx}>
        {t("screens.menu.dialog.allergens.title")}
      </Box>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("screens.menu.dialog.allergens.hint")}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {ALLERGENS.map((code) => {
          const text = ALLERGEN_TEXTS[language][code];
          const nameId = `${id}-${code}`;
          const choice = levelOf(code);
          return (
            <Box
              component="li"
              key={code}
              sx={{
                display: "grid",
                gridTemplateColumns: { xs: "1fr", sm: "minmax(0, 1fr) auto" },
                alignItems: "center",
                columnGap: 2,
                rowGap: 0.5,
                py: 1,
                borderTop: 1,
                borderColor: "divider",
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography id={nameId} variant="body1" sx={{ fontWeight: choice === "none" ? 400 : 600 }}>
                  {text.name}
                </Typography>
                <Typography id={`${nameId}-explanation`} variant="caption" color="text.secondary">
                  {text.explanation}
                </Typography>
              </Box>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={choice}
                aria-labelledby={nameId}
                aria-describedby={`${nameId}-explanation`}
                onChange={(_, next: Choice | null) => {
                  // Pressing the chosen button again keeps it: a row always says one of the three.
                  if (next) onChange(withChoice(value, code, next));
                }}
                sx={{ justifySelf: { xs: "stretch", sm: "end" } }}
              >
                {CHOICES.map((level) => (
                  <ToggleButton
                    key={level}
                    value={level}
                    color={level === "contains" ? "error" : level === "may_contain" ? "warning" : "standard"}
                    sx={{
                      minHeight: 48,
                      minWidth: 48,
                      px: 1.5,
                      flex: { xs: 1, sm: "none" },
                      textTransform: "none",
                    }}
                  >
                    {level === "none"
                      ? t("screens.menu.dialog.allergens.none")
                      : ALLERGEN_LEVEL_LABELS[language][level]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The diet tags as checkboxes, each 48 px tall. */
export function DietTags({ value, onChange }: { value: DietTag[]; onChange: (diet: DietTag[]) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Box component="legend" sx={legendSx}>
        {t("screens.menu.dialog.allergens.diet")}
      </Box>
      <FormGroup row>
        {DIET_TAGS.map((tag) => (
          <FormControlLabel
            key={tag}
            sx={{ minHeight: 48, mr: 3 }}
            control={
              <Checkbox
                checked={value.includes(tag)}
                onChange={(event) =>
                  onChange(
                    DIET_TAGS.filter((each) => (each === tag ? event.target.checked : value.includes(each))),
                  )
                }
              />
            }
            label={DIET_TAG_LABELS[language][tag]}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
