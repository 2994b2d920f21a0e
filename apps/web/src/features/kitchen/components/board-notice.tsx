import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NOTICE_MS, type Notice } from "../../../components/notice";

/**
 * The board's own notices (a step's "Ongedaan maak", a refusal, a cancel's outcome), docked in
 * its header instead of the app's snackbar at the bottom right, where it stood over the last
 * card's step button (decision 0052). A new notice replaces the one showing.
 */
export function useBoardNotice() {
  const [state, setState] = useState<{ notice: Notice; key: number } | null>(null);
  const show = useCallback((notice: Notice) => {
    setState((previous) => ({ notice, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setState(null), []);
  useEffect(() => {
    if (!state) return;
    const timer = window.setTimeout(close, state.notice.durationMs ?? NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [state, close]);
  return { notice: state?.notice ?? null, key: state?.key ?? 0, show, close };
}

/** The docked notice: its words, its one action (which closes it) and a close button. */
export function BoardNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const text = typeof notice.text === "function" ? notice.text() : notice.text;
  return (
    <Alert
      severity={notice.severity}
      variant="filled"
      role={notice.severity === "error" ? "alert" : "status"}
      closeText={t("common.close")}
      onClose={onClose}
      sx={{ alignItems: "center", py: 0, boxShadow: 6 }}
      action={
        notice.action ? (
          <Button
            color="inherit"
            size="large"
            sx={{ minHeight: 48, fontWeight: 700 }}
            onClick={() => {
              notice.action?.onClick();
              onClose();
            }}
          >
            {notice.action.label}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
