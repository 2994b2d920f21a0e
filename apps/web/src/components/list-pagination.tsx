import Box from "@mui/material/Box";
import TablePagination from "@mui/material/TablePagination";
import { useTranslation } from "react-i18next";
import { ROWS_PER_PAGE_OPTIONS } from "../lib/list-params";

type ListPaginationProps = {
  /** All matches on the server; undefined while the first page loads. */
  total: number | undefined;
  page: number;
  rows: number;
  onPageChange: (page: number) => void;
  onRowsChange: (rows: number) => void;
};

/** The paging footer of the server-paged lists, in the interface's language. */
export function ListPagination({ total, page, rows, onPageChange, onRowsChange }: ListPaginationProps) {
  const { t } = useTranslation();
  // While the first page loads there is no count yet: nothing says "0–0 of 0".
  if (total === undefined) return <Box sx={{ minHeight: 52 }} aria-hidden="true" />;
  return (
    <TablePagination
      component="div"
      count={total}
      // A page past the end (the list shrank) shows the first page until the address follows.
      page={page * rows >= total ? 0 : page}
      rowsPerPage={rows}
      rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onRowsChange(Number(event.target.value))}
      labelRowsPerPage={t("common.rowsPerPage")}
      labelDisplayedRows={({ from, to, count }) => t("common.displayedRows", { from, to, count })}
      getItemAriaLabel={(type) => t(`common.pageLabels.${type}`)}
    />
  );
}
