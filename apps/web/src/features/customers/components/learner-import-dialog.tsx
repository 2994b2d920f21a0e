import {
  LEARNER_IMPORT_COLUMNS,
  LEARNER_IMPORT_REQUIRED,
  type LearnerImportAction,
  type LearnerImportReport,
  type LearnerImportResult,
  learnerImportColumnLabel,
} from "@kantien/domain/learner-import";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { useImportLearners } from "../api/import-learners";

/** The preview lists this many lines at most; the counts above it hold them all. */
const LINES_SHOWN = 200;

const ACTION_COLOUR: Record<LearnerImportAction, "success" | "primary" | "default" | "error"> = {
  create: "success",
  update: "primary",
  unchanged: "default",
  error: "error",
};

/**
 * The school's list of learners (admins, /users): a CSV is chosen, previewed at once (nothing is
 * written), and imported only when no line is wrong (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function LearnerImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const [file, setFile] = useState<File | null>(null);
  const preview = useImportLearners();
  const save = useImportLearners();
  const report = preview.data?.data ?? null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    save.reset();
    preview.mutate({ file: chosen, dryRun: true });
  };
  const importList = () => {
    if (!file) return;
    save.mutate(
      { file, dryRun: false },
      {
        onSuccess: (answer) => {
          notify({ severity: "success", text: answer.message });
          onClose();
        },
      },
    );
  };
  const changes = report
    ? report.counts.create + report.counts.update + report.counts.link + report.counts.invite
    : 0;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle id={titleId}>{t("screens.customers.import.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t("screens.customers.import.explain")}</Typography>
          <Columns />
          <Box>
            <Button
              variant={report ? "outlined" : "contained"}
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={preview.isPending || save.isPending}
            >
              {file ? t("screens.customers.import.chooseAnother") : t("screens.customers.import.choose")}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".csv,.txt,text/csv"
              aria-label={t("screens.customers.import.choose")}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </Box>
          <Box aria-live="polite">
            {preview.isPending ? (
              <>
                <Typography variant="body2">
                  {t("screens.customers.import.reading", { name: file?.name })}
                </Typography>
                <LinearProgress sx={{ mt: 1 }} />
              </>
            ) : preview.isError ? (
              <Alert severity="error">{errorMessage(preview.error, t("errors.add"))}</Alert>
            ) : report ? (
              <Preview report={report} />
            ) : null}
          </Box>
          {save.isError ? <Alert severity="error">{errorMessage(save.error, t("errors.add"))}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          onClick={importList}
          disabled={!report || report.counts.error > 0 || changes === 0 || save.isPending}
        >
          {save.isPending
            ? t("screens.customers.import.importing")
            : t("screens.customers.import.import", { count: report ? report.lines.length : 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The columns a list needs, by the names its heading line may give them. */
function Columns() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Typography variant="body2" color="text.secondary" component="div">
      {t("screens.customers.import.columns")}{" "}
      {LEARNER_IMPORT_COLUMNS.map((column, index) => (
        <span key={column}>
          <Box component="code" sx={{ fontWeight: LEARNER_IMPORT_REQUIRED.includes(column) ? 700 : 400 }}>
            {learnerImportColumnLabel(column, language)}
          </Box>
          {index < LEARNER_IMPORT_COLUMNS.length - 1 ? ", " : ". "}
        </span>
      ))}
      {t("screens.customers.import.columnsHint")}
    </Typography>
  );
}

function Preview({ report }: { report: LearnerImportReport }) {
  const { t } = useTranslation();
  const { counts } = report;
  // Lines in error first: they are what the admin must fix.
  const lines = [...report.lines].sort(
    (a, b) => Number(b.action === "error") - Number(a.action === "error") || a.line - b.line,
  );
  return (
    <Stack spacing={1.5}>
      {counts.error > 0 ? (
        <Alert severity="error">{t("screens.customers.import.hasErrors", { count: counts.error })}</Alert>
      ) : (
        <Alert severity="info">{t("screens.customers.import.ready")}</Alert>
      )}
      <Stack
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1 }}
        aria-label={t("screens.customers.import.summary")}
      >
        {(["create", "update", "unchanged", "error"] as const).map((action) => (
          <Chip
            key={action}
            // A count of none stays neutral: only what happens draws the eye.
            color={counts[action] > 0 ? ACTION_COLOUR[action] : "default"}
            variant={counts[action] > 0 ? "filled" : "outlined"}
            label={t(`screens.customers.import.counts.${action}`, { count: counts[action] })}
          />
        ))}
        <Chip
          variant="outlined"
          label={t("screens.customers.import.counts.invite", { count: counts.invite })}
        />
        <Chip variant="outlined" label={t("screens.customers.import.counts.link", { count: counts.link })} />
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={t("screens.customers.import.linesLabel")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("screens.customers.import.line")}</TableCell>
              <TableCell>{t("screens.customers.import.what")}</TableCell>
              <TableCell>{t("screens.customers.import.learner")}</TableCell>
              <TableCell>{t("screens.customers.import.guardians")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.slice(0, LINES_SHOWN).map((line) => (
              <LineRow key={line.line} line={line} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {lines.length > LINES_SHOWN ? (
        <Typography variant="body2" color="text.secondary">
          {t("screens.customers.import.more", { count: lines.length - LINES_SHOWN })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function LineRow({ line }: { line: LearnerImportResult }) {
  const { t } = useTranslation();
  const details = [line.akdNumber, line.grade, line.dateOfBirth].filter(Boolean).join(" · ");
  return (
    <TableRow sx={{ verticalAlign: "top" }}>
      <TableCell>{line.line}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={ACTION_COLOUR[line.action]}
          label={t(`screens.customers.import.actions.${line.action}`)}
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2">{`${line.firstName} ${line.lastName}`.trim() || "—"}</Typography>
        <Typography variant="caption" color="text.secondary">
          {details}
        </Typography>
        {line.errors.map((error) => (
          <Typography key={error} variant="body2" color="error">
            {error}
          </Typography>
        ))}
      </TableCell>
      <TableCell>
        {line.guardians.length === 0
          ? "—"
          : line.guardians.map((guardian) => (
              <Typography key={guardian.email} variant="body2" sx={{ overflowWrap: "anywhere" }}>
                {`${guardian.email} · ${t(`screens.customers.import.guardianActions.${guardian.action}`)}`}
              </Typography>
            ))}
      </TableCell>
    </TableRow>
  );
}
