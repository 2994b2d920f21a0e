import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { QrReaderUnavailable, startQrScanner } from "../qr-scanner";
import { scannedCodeKind } from "../scanned-code";

type CameraScannerProps = {
  /** An order's code read; any other code is passed over. */
  onCode: (text: string) => void;
  onClose: () => void;
};

/** The camera's picture while it looks for a code; stops when closed or when a code is read. */
export function CameraScanner({ onCode, onClose }: CameraScannerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<
    "starting" | "scanning" | "cameraFailed" | "readerFailed" | "cameraLost"
  >("starting");
  const problem = state === "starting" || state === "scanning" ? null : state;
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stop: (() => void) | null = null;
    const closed = new AbortController();
    if (!video.current) return;
    startQrScanner(video.current, {
      onCode: (text) => {
        // One code per opening: the camera closes on the first order or card it finds.
        if (scannedCodeKind(text)) latest.current(text);
      },
      onLost: () => setState("cameraLost"),
      signal: closed.signal,
    })
      .then((stopScanner) => {
        if (closed.signal.aborted) stopScanner();
        else {
          stop = stopScanner;
          setState("scanning");
        }
      })
      .catch((error: unknown) => {
        if (closed.signal.aborted) return;
        console.warn("The camera could not start", error);
        setState(error instanceof QrReaderUnavailable ? "readerFailed" : "cameraFailed");
      });
    return () => {
      closed.abort();
      stop?.();
    };
  }, []);

  return (
    <Stack spacing={1}>
      {problem ? <Alert severity="warning">{t(`screens.counter.${problem}`)}</Alert> : null}
      {state === "starting" ? (
        // A tablet's camera can take seconds to show its first picture.
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: "center" }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t("screens.counter.cameraStarting")}</Typography>
        </Stack>
      ) : null}
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={t("screens.counter.cameraView")}
        sx={{
          width: "100%",
          maxHeight: 360,
          bgcolor: "common.black",
          borderRadius: 1,
          display: problem ? "none" : "block",
        }}
      />
      <Button onClick={onClose} variant="outlined">
        {t("screens.counter.cameraClose")}
      </Button>
    </Stack>
  );
}
