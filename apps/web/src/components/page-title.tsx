import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The one h1 of a screen; focusable by script, where focus goes after a delete (lib/focus.ts). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="h4"
      component="h1"
      tabIndex={-1}
      sx={{ mb: 3, fontWeight: 600, fontSize: { xs: "1.625rem", sm: "2.125rem" }, overflowWrap: "anywhere" }}
    >
      {children}
    </Typography>
  );
}

/** A screen's header row: the title (and what goes under it) left, its actions right, wrapping on a phone. */
export function PageHeader({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        alignItems: "flex-start",
        gap: 2,
        flexWrap: "wrap",
      }}
    >
      {children}
    </Box>
  );
}
