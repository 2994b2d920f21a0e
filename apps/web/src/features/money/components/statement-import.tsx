import type { StatementImported } from "@kantien/domain/bank-statements";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useImportStatement } from "../api/bank-credits";

/** The line a refused statement failed at, from the refusal's details. */
function failedLine(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.details !== "object" || error.details === null)
    return null;
  const line = (error.details as { line?: unknown }).line;
  return typeof line === "number" && line > 0 ? line : null;
}

/**
 * Drop or choose a bank statement; it is read at once and the answer says what became of it.
 * A refused file says why (and at which line); nothing of it was credited.
 */
export function StatementImport() {
  const { t } = useTranslation();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState("");
  const read = useImportStatement();

  const send = (file: File | undefined) => {
    if (!file || read.isPending) return;
    setFileName(file.name);
    read.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("screens.money.import.title")}
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: "dashed",
          borderColor: dragging ? "primary.main" : "divider",
          bgcolor: dragging ? "action.hover" : "transparent",
          borderRadius: 2,
          p: 3,
          textAlign: "center",
        }}
      >
        <UploadFileIcon color="action" fontSize="large" />
        <Typography sx={{ mt: 1 }}>{t("screens.money.import.drop")}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {t("screens.money.import.or")}
        </Typography>
        <Button variant="contained" onClick={() => input.current?.click()} disabled={read.isPending}>
          {t("screens.money.import.choose")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".csv,.ofx,.qfx,.txt,text/csv,application/x-ofx"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t("screens.money.import.banks")}
        </Typography>
      </Box>
      <Box aria-live="polite" sx={{ mt: read.isIdle ? 0 : 2 }}>
        {read.isPending ? (
          <>
            <Typography variant="body2">{t("screens.money.import.reading", { name: fileName })}</Typography>
            <LinearProgress sx={{ mt: 1 }} />
          </>
        ) : read.isError ? (
          <Alert severity="error">
            {failedLine(read.error)
              ? t("screens.money.import.failedLine", {
                  message: errorMessage(read.error, t("errors.add")),
                  line: failedLine(read.error),
                })
              : t("screens.money.import.failed", { message: errorMessage(read.error, t("errors.add")) })}
          </Alert>
        ) : read.isSuccess ? (
          <ImportResult result={read.data.data} />
        ) : null}
      </Box>
    </Paper>
  );
}

function ImportResult({ result }: { result: StatementImported }) {
  const { t } = useTranslation();
  const { matched, review, unallocated, duplicates } = result.credits;
  // Every line read is accounted for: the credits, each in one of the four counts, and the debits.
  const credits = matched + review + unallocated + duplicates;
  return (
    <Alert severity={review + unallocated > 0 ? "info" : "success"}>
      <Typography sx={{ fontWeight: 600 }}>
        {t("screens.money.import.result", {
          bank: t(`screens.money.banks.${result.bank}`),
          rows: result.rows,
          credits: t("screens.money.import.credits", { count: credits }),
          debits: t("screens.money.import.debits", { count: result.debits }),
        })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", columnGap: 2 }}>
        <span>{t("screens.money.import.matched", { count: matched })}</span>
        <span>{t("screens.money.import.review", { count: review })}</span>
        <span>{t("screens.money.import.unallocated", { count: unallocated })}</span>
        <span>{t("screens.money.import.duplicates", { count: duplicates })}</span>
        <span>{t("screens.money.import.skipped", { count: result.debits })}</span>
      </Stack>
    </Alert>
  );
}
