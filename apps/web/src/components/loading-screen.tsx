import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

/** A centred spinner with a visible, announced label. */
export function LoadingScreen({ label, detail }: { label: string; detail?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: "50vh", display: "grid", placeItems: "center", alignContent: "center", gap: 2 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>{label}</Typography>
      {detail ? <Typography color="text.secondary">{detail}</Typography> : null}
    </Box>
  );
}
