import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";

/**
 * Asked when the board opens with the sound off: a cook who never thought of the header's
 * switch would miss every chime. Its yes is the tap browsers need before they play a sound.
 */
export function SoundPrompt({ onSoundOn, onLater }: { onSoundOn: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      role="group"
      aria-label={t("screens.kitchen.sound")}
      icon={<VolumeUpIcon />}
      // On a phone the buttons go under the words, which would otherwise be squeezed to a letter a line.
      sx={{
        alignItems: "center",
        py: 0,
        flexWrap: { xs: "wrap", sm: "nowrap" },
        "& .MuiAlert-message": { flex: "1 1 12rem", minWidth: 0 },
        "& .MuiAlert-action": { ml: { xs: 0, sm: "auto" }, pl: { xs: 0, sm: 2 }, pb: { xs: 1, sm: 0 } },
      }}
      action={
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={onSoundOn} sx={{ minHeight: 48, whiteSpace: "nowrap" }}>
            {t("screens.kitchen.soundPrompt.on")}
          </Button>
          <Button color="inherit" onClick={onLater} sx={{ minHeight: 48, whiteSpace: "nowrap" }}>
            {t("screens.kitchen.soundPrompt.later")}
          </Button>
        </Stack>
      }
    >
      {t("screens.kitchen.soundPrompt.body")}
    </Alert>
  );
}
