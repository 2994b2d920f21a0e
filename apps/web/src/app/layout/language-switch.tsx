import { LANGUAGES, type Language } from "@kantien/domain/messages";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { chooseLanguage, currentLanguage } from "../../lib/i18n";

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  return (
    <ToggleButtonGroup
      key={i18n.language}
      size="small"
      exclusive
      value={language}
      onChange={(_event, value: Language | null) => {
        if (value) void chooseLanguage(value);
      }}
      aria-label={t("layout.language")}
      sx={{ bgcolor: "background.paper" }}
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton key={lang} value={lang} lang={lang} sx={{ px: 1.25, py: 0.25 }}>
          {lang.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
