import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import WarningIcon from "@mui/icons-material/Warning";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatLongDate, formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useDayCloses } from "../api/day-report";
import { ReportSection } from "./report-section";
import { COMPACT_CELLS } from "./report-table";

/** How many closes show before "Wys almal": the latest two weeks or so. */
const SHOWN = 10;

/** The closed days, newest first, and a plain warning naming any close whose hash no longer matches. */
export function ClosesList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const closes = useDayCloses();
  const [all, setAll] = useState(false);

  if (closes.isPending) return null;
  if (closes.isError) return <LoadError error={closes.error} onRetry={() => void closes.refetch()} />;
  const newestFirst = [...closes.data.closes].reverse();
  const broken = closes.data.closes.filter((close) => !close.intact);
  const shown = all ? newestFirst : newestFirst.slice(0, SHOWN);

  return (
    <ReportSection title={t("screens.reports.closes.title")}>
      {!closes.data.chainIntact ? (
        <Alert severity="error" icon={<WarningIcon />}>
          <AlertTitle>{t("screens.reports.closes.brokenTitle")}</AlertTitle>
          {broken.length > 0
            ? t("screens.reports.closes.broken", {
                count: broken.length,
                days: broken.map((close) => formatLongDate(close.date, language)).join(", "),
              })
            : t("screens.reports.closes.brokenChain")}
        </Alert>
      ) : null}
      {newestFirst.length === 0 ? (
        <Typography color="text.secondary">{t("screens.reports.closes.none")}</Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t("screens.reports.closes.title")} sx={COMPACT_CELLS}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("screens.reports.closes.day")}</TableCell>
                  <TableCell>{t("screens.reports.close.closedAt")}</TableCell>
                  <TableCell>{t("screens.reports.close.closedBy")}</TableCell>
                  <TableCell>{t("screens.reports.closes.state")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((close) => (
                  <TableRow key={close.date}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                      {formatShortDate(close.date, language)}
                    </TableCell>
                    <TableCell>{formatDateTime(close.closedAt, timeZone, language)}</TableCell>
                    <TableCell>{close.closedBy ?? "—"}</TableCell>
                    <TableCell>
                      <Box
                        component="span"
                        sx={{
                          display: "inline-flex",
                          gap: 0.5,
                          alignItems: "center",
                          color: close.intact ? "success.main" : "error.main",
                          fontWeight: close.intact ? undefined : 600,
                        }}
                      >
                        {close.intact ? (
                          <CheckCircleIcon fontSize="small" aria-hidden="true" />
                        ) : (
                          <ErrorIcon fontSize="small" aria-hidden="true" />
                        )}
                        <Box component="span" sx={{ color: "text.primary" }}>
                          {close.intact
                            ? t("screens.reports.closes.intact")
                            : t("screens.reports.closes.changed")}
                        </Box>
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {newestFirst.length > SHOWN ? (
            <Box>
              <Button size="small" color="inherit" onClick={() => setAll(!all)}>
                {all
                  ? t("screens.reports.closes.fewer")
                  : t("screens.reports.closes.all", { count: newestFirst.length })}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
