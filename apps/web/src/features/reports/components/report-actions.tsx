import DownloadIcon from "@mui/icons-material/Download";
import PrintIcon from "@mui/icons-material/Print";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import GlobalStyles from "@mui/material/GlobalStyles";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n";
import { downloadCsv, type ReportTable, reportCsv } from "../report-tables";

/** What the printed report is wrapped in: only it prints. */
export const PRINT_CLASS = "report-print";

/**
 * A report on A4: only the view prints, black on white in either theme, without the controls
 * (`displayPrint: "none"`), the top bar or the side menu.
 */
export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        "@media print": {
          "@page": { size: "A4", margin: "12mm" },
          "body *": { visibility: "hidden" },
          [`.${PRINT_CLASS}, .${PRINT_CLASS} *`]: { visibility: "visible" },
          [`.${PRINT_CLASS}`]: { position: "absolute", left: 0, top: 0, width: "100%" },
          [`.${PRINT_CLASS} *`]: { color: "#000 !important", backgroundColor: "transparent !important" },
          [`.${PRINT_CLASS} .MuiTableCell-root`]: { borderColor: "#999 !important" },
          // A chart's words and axes are drawn in the theme's text colour: white in the dark theme.
          [`.${PRINT_CLASS} svg text`]: { fill: "#000 !important" },
          [`.${PRINT_CLASS} .MuiChartsAxis-line, .${PRINT_CLASS} .MuiChartsAxis-tick`]: {
            stroke: "#000 !important",
          },
        },
      }}
    />
  );
}

/** A view's CSV (its tables in the screen's language) and its print. */
export function ReportActions({
  title,
  fileName,
  tables,
}: {
  title: string;
  fileName: string;
  tables: ReportTable[] | null;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", displayPrint: "none" }}>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DownloadIcon />}
        disabled={!tables}
        onClick={() => tables && downloadCsv(fileName, reportCsv(title, tables, currentLanguage()))}
      >
        {t("screens.reports.export")}
      </Button>
      <Button variant="outlined" color="inherit" startIcon={<PrintIcon />} onClick={() => window.print()}>
        {t("screens.reports.print")}
      </Button>
    </Box>
  );
}
