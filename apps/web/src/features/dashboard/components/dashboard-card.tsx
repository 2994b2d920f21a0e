import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

export type CardLink = { label: string; to: string };

type DashboardCardProps = {
  title: string;
  icon: ReactNode;
  /** Where one acts on what the card says. */
  link?: CardLink | null | undefined;
  /** Loading: placeholders instead of the body, and the region says it is busy. */
  loading: boolean;
  children: ReactNode;
};

/** One of the dashboard's cards: a region named by its heading, its body, and a link to act on it. */
export function DashboardCard({ title, icon, link, loading, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Box sx={{ display: "flex", color: "text.secondary" }} aria-hidden="true">
          {icon}
        </Box>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
      </Box>
      <Box sx={{ flexGrow: 1 }}>
        {loading ? (
          <Box aria-hidden="true">
            <Skeleton width="60%" height={40} />
            <Skeleton width="80%" />
            <Skeleton width="70%" />
          </Box>
        ) : (
          children
        )}
      </Box>
      {link && !loading ? (
        <Box>
          <Button
            component={Link}
            to={link.to}
            // The text colour: primary blue as text is under 4.5:1 on the dark background.
            color="inherit"
            variant="outlined"
            size="small"
            endIcon={<ArrowForwardIcon />}
          >
            {link.label}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

/** A label and its number on one line, the number right-aligned. */
export function CardRow({
  label,
  value,
  strong,
  divided,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A line above the row, setting it apart from the rows before (a list holds only its items). */
  divided?: boolean;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        justifyContent: "space-between",
        gap: 2,
        py: 0.25,
        fontWeight: strong ? 600 : 400,
        ...(divided ? { borderTop: 1, borderColor: "divider", mt: 0.5, pt: 0.75 } : {}),
      }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
        {value}
      </Box>
    </Box>
  );
}

/** A list of `CardRow`s, without bullets. */
export function CardRows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {children}
    </Box>
  );
}
