import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A short message after an action: done, or refused with the server's reason. */
export type Notice = { severity: "success" | "error"; text: string };

export type NoticeState = {
  notice: Notice | null;
  open: boolean;
  notify: (next: Notice) => void;
  close: () => void;
};

/** The notice a screen shows; its text stays while it fades out. */
export function useNotice(): NoticeState {
  const [notice, setNotice] = useState<Notice | null>(null);
  // Kept apart from the notice so its text stays while it fades out.
  const [open, setOpen] = useState(false);
  return {
    notice,
    open,
    notify: (next) => {
      setNotice(next);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/** The notice in the bottom right corner; it goes after six seconds or when closed. */
export function NoticeSnackbar({ state }: { state: NoticeState }) {
  const { t } = useTranslation();
  const { notice, open, close } = state;
  return (
    <Snackbar
      open={open}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") close();
      }}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" closeText={t("common.close")} onClose={close}>
          {notice.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
