import { LANGUAGES, type Language } from "@kantien/domain/language";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/notice";
import { errorMessage } from "../../lib/api-client";
import { currentLanguage } from "../../lib/i18n";
import { useChooseLanguage } from "../../lib/user-settings";

/** Af/En in the top bar: saved in the user's settings, shown once the server has it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const choose = useChooseLanguage();
  const notify = useNotice();
  return (
    <ToggleButtonGroup
      key={i18n.language}
      size="small"
      exclusive
      value={language}
      disabled={choose.isPending}
      onChange={(_event, value: Language | null) => {
        if (value && value !== language) {
          choose.mutate(value, {
            onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.update")) }),
          });
        }
      }}
      aria-label={t("layout.language")}
      sx={{ bgcolor: "background.paper" }}
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton
          key={lang}
          value={lang}
          lang={lang}
          // The chosen language filled in the brand colour: MUI's faint tint is hard to see in the dark theme.
          sx={{
            px: 1.25,
            py: 0.25,
            "&.Mui-selected, &.Mui-selected:hover": {
              bgcolor: "primary.main",
              color: "primary.contrastText",
              fontWeight: 700,
            },
          }}
        >
          {lang.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
