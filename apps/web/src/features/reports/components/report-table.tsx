import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cellText, isFigureColumn, type ReportTable } from "../report-tables";

/** Narrower cells on a phone, so a report's tables fit 390 px without scrolling. */
export const COMPACT_CELLS = {
  "& .MuiTableCell-root": { px: { xs: 0.5, sm: 2 }, fontSize: { xs: "0.8125rem", sm: "0.875rem" } },
} as const;

/** One of a report's tables, figures right-aligned; `strongLast` marks a total or a result row. */
export function ReportTableView({ table, strongLast = false }: { table: ReportTable; strongLast?: boolean }) {
  const { t } = useTranslation();
  const figures = table.columns.map((_, column) => isFigureColumn(table, column));
  if (table.rows.length === 0) {
    return <Box sx={{ color: "text.secondary", py: 1 }}>{t("screens.reports.noRows")}</Box>;
  }
  return (
    // A region of its own that takes focus: a table wider than the phone scrolls by keyboard too.
    <TableContainer
      role="region"
      aria-label={table.caption}
      tabIndex={0}
      sx={{ overflowX: "auto", "@media print": { overflow: "visible" } }}
    >
      <Table size="small" aria-label={table.caption} sx={COMPACT_CELLS}>
        <TableHead>
          <TableRow>
            {table.columns.map((column, index) => (
              <TableCell key={column} align={figures[index] ? "right" : "left"}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, rowIndex) => {
            const strong = strongLast && rowIndex === table.rows.length - 1;
            return (
              // The first cell names the row: a dish, a role, a period, a line of the proof.
              <TableRow key={cellText(row[0] ?? "")}>
                {row.map((cell, index) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their order
                    key={index}
                    component={index === 0 ? "th" : "td"}
                    scope={index === 0 ? "row" : undefined}
                    align={figures[index] ? "right" : "left"}
                    sx={{
                      fontWeight: strong ? 600 : undefined,
                      fontVariantNumeric: "tabular-nums",
                      whiteSpace: figures[index] ? "nowrap" : undefined,
                    }}
                  >
                    {cellText(cell)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A chart's figures behind "Wys tabel": a button that says whether it is open, then the table. */
export function TableDisclosure({ table }: { table: ReportTable }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Button
        size="small"
        color="inherit"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        sx={{ displayPrint: "none" }}
      >
        {open ? t("screens.reports.hideTable") : t("screens.reports.showTable")}
      </Button>
      {/* Printed always: on paper the figures are the table. */}
      <Box id={id} sx={{ display: open ? "block" : "none", "@media print": { display: "block" } }}>
        <ReportTableView table={table} />
      </Box>
    </Box>
  );
}
