import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/** A part of a report: a region named by its heading. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
        breakInside: "avoid",
        "@media print": { border: 0, p: 0, mb: 2 },
      }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>{children}</Box>
    </Paper>
  );
}

/**
 * A chart as one picture named by what it shows (`label`): the chart's own parts are not read one
 * by one; its figures are in the table that goes with it.
 */
export function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label} sx={{ width: "100%", minWidth: 0 }}>
      {children}
    </Box>
  );
}
