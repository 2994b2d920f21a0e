import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useTranslation } from "react-i18next";

/**
 * What a notice says. A function text is read again when the language changes (saving the
 * language itself says so in the new one).
 */
export type NoticeContent = {
  severity: "success" | "error" | "info" | "warning";
  text: string | (() => string);
  /** One button in the notice, such as the kitchen's "Ongedaan maak"; it closes the notice. */
  action?: { label: string; onClick: () => void };
};

type NoticeSnackbarProps = {
  notice: NoticeContent;
  autoHideMs: number;
  /** Space kept free below it (a layout's bottom bar). */
  bottomOffset: string;
  /** At the top of the window instead, over an open dialog. */
  atTop: boolean;
  open: boolean;
  onClose: () => void;
};

/** The notice as the user sees it (components/notice.tsx loads it with the first notice). */
export default function NoticeSnackbar({
  notice,
  autoHideMs,
  bottomOffset,
  atTop,
  open,
  onClose,
}: NoticeSnackbarProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideMs}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") onClose();
      }}
      anchorOrigin={
        atTop ? { vertical: "top", horizontal: "center" } : { vertical: "bottom", horizontal: "right" }
      }
      sx={atTop ? undefined : { mb: bottomOffset }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        closeText={t("common.close")}
        onClose={onClose}
        action={
          notice.action ? (
            <Button
              color="inherit"
              size="large"
              sx={{ minHeight: 48, fontWeight: 700 }}
              onClick={() => {
                onClose();
                notice.action?.onClick();
              }}
            >
              {notice.action.label}
            </Button>
          ) : undefined
        }
      >
        {typeof notice.text === "function" ? notice.text() : notice.text}
      </Alert>
    </Snackbar>
  );
}
