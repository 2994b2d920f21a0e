import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";

/** Label–value rows of a detail dialog; each label is the row's header for screen readers. */
export function DetailsTable({ rows, sx }: { rows: readonly [string, ReactNode][]; sx?: object }) {
  return (
    <Table size="small" sx={sx}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
