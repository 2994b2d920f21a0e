import AddPhotoIcon from "@mui/icons-material/AddPhotoAlternateOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { UploadError, uploadImage } from "../lib/upload-image";

type Props = {
  /** The image's address, "" for none. */
  value: string;
  onChange: (url: string) => void;
  /** While a chosen file goes up: the dialog waits with its save. */
  onUploadingChange: (uploading: boolean) => void;
  error?: string | undefined;
};

const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * A photo (a dish's, a counter item's), one control: the photo with "Vervang foto" and "Verwyder foto", or a place
 * to choose or drop one. A chosen file goes up at once (with its progress), so the save only
 * carries its address and a failed upload never loses what was typed.
 */
export function ImagePicker({ value, onChange, onUploadingChange, error }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const labelId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    onUploadingChange(true);
    try {
      onChange(await uploadImage(file, setProgress));
    } catch (reason) {
      setFailure(
        t(
          reason instanceof UploadError && reason.reason === "no_url"
            ? "screens.menu.dialog.errors.noUrl"
            : "screens.menu.dialog.errors.uploadFailed",
        ),
      );
    } finally {
      setProgress(null);
      onUploadingChange(false);
    }
  };
  const shown = /^(\/|https?:\/\/)/.test(value.trim()) ? value.trim() : null;
  const problem = failure ?? error;
  const chooseLabel = shown ? t("screens.menu.dialog.image.replace") : t("screens.menu.dialog.image.choose");

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t("screens.menu.dialog.image.label")}
      </Typography>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={(event) => {
          void send(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void send(event.dataTransfer.files[0]);
        }}
        sx={{
          border: 1,
          borderStyle: shown ? "solid" : "dashed",
          borderColor: problem ? "error.main" : dragging ? "primary.main" : "divider",
          borderRadius: 1,
          bgcolor: dragging ? "action.hover" : "transparent",
          p: 2,
          display: "flex",
          flexDirection: { xs: "column", sm: "row" },
          alignItems: "center",
          gap: 2,
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={t("screens.menu.dialog.imagePreview")}
            sx={{ width: 160, height: 100, objectFit: "cover", borderRadius: 1, flexShrink: 0 }}
          />
        ) : (
          <AddPhotoIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
        )}
        <Stack spacing={1} sx={{ alignItems: { xs: "center", sm: "flex-start" }, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            <Button
              component="label"
              htmlFor={inputId}
              size="small"
              variant="outlined"
              disabled={progress !== null}
            >
              {chooseLabel}
            </Button>
            {shown ? (
              <Button size="small" color="inherit" onClick={() => onChange("")} disabled={progress !== null}>
                {t("screens.menu.dialog.image.remove")}
              </Button>
            ) : null}
          </Stack>
          {shown ? null : (
            <Typography variant="caption" color="text.secondary">
              {t("screens.menu.dialog.image.hint")}
            </Typography>
          )}
        </Stack>
      </Box>
      {progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t("screens.menu.dialog.uploading", { percent: progress })}
          sx={{ mt: 1 }}
        />
      ) : null}
      {problem ? (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
