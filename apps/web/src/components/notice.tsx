import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A short message after an action: done, or refused with the server's reason. A function
 * text is read again when the language changes (saving the language itself says so in
 * the new one).
 */
export type Notice = {
  severity: "success" | "error" | "info";
  text: string | (() => string);
  /** One button in the notice, such as the kitchen's "Ongedaan maak"; it closes the notice. */
  action?: { label: string; onClick: () => void };
  /** How long it stays, when not the usual 6 seconds. */
  durationMs?: number;
};

type Notify = (notice: Notice) => void;

const NoticeContext = createContext<Notify | null>(null);

/** The CSS variable a layout with a bottom bar sets to its height, so notices never cover it. */
export const BOTTOM_BAR_HEIGHT_VAR = "--kantien-bottom-bar";

/** A notice stays 6 seconds. */
export const NOTICE_MS = 6000;

/**
 * The app's one notice: a snackbar at the bottom right that any screen
 * fills through `useNotice()`. A new notice replaces the one showing.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The notice is kept apart from `open`, so its text stays while it fades out.
  const [state, setState] = useState<{ notice: Notice; key: number } | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((notice) => {
    setState((previous) => ({ notice, key: (previous?.key ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = () => setOpen(false);
  const notice = state?.notice;
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <Snackbar
        key={state?.key}
        open={open}
        autoHideDuration={notice?.durationMs ?? NOTICE_MS}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") close();
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        // Above a bottom navigation when a layout has one (the ordering app's sets the height).
        sx={{ mb: `var(${BOTTOM_BAR_HEIGHT_VAR}, 0px)` }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            closeText={t("common.close")}
            onClose={close}
            action={
              notice.action ? (
                <Button
                  color="inherit"
                  size="large"
                  sx={{ minHeight: 48, fontWeight: 700 }}
                  onClick={() => {
                    close();
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
        ) : undefined}
      </Snackbar>
    </NoticeContext.Provider>
  );
}

/** Shows a notice: `notify({ severity: "success", text })`. */
export function useNotice(): Notify {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error("useNotice needs a NoticeProvider");
  return useMemo(() => notify, [notify]);
}
