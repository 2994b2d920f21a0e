import Box from "@mui/material/Box";
import GlobalStyles from "@mui/material/GlobalStyles";
import { useAppConfig } from "../lib/app-config";

/**
 * The slip the till printer prints (80 mm): hidden on screen, and when printing the only thing
 * printed. `rows` are its label and value pairs between two dashed rules.
 */
export function TillSlip({
  title,
  heading,
  rows,
  thanks,
}: {
  title: string;
  /** The lines under the title: the receipt's number, its date and time. */
  heading: readonly string[];
  rows: readonly (readonly [string, string])[];
  thanks: string;
}) {
  const { canteenName } = useAppConfig();
  return (
    <>
      <GlobalStyles
        styles={{
          ".till-slip": { display: "none" },
          "@media print": {
            "@page": { size: "80mm auto", margin: "4mm" },
            "body *": { visibility: "hidden" },
            ".till-slip, .till-slip *": { visibility: "visible" },
            ".till-slip": { display: "block", position: "fixed", left: 0, top: 0, width: "72mm" },
          },
        }}
      />
      <Box
        className="till-slip"
        sx={{ fontFamily: "ui-monospace, monospace", fontSize: "10pt", color: "#000" }}
      >
        <Box data-slip-canteen sx={{ fontWeight: 700, fontSize: "13pt", textAlign: "center" }}>
          {canteenName}
        </Box>
        <Box sx={{ fontWeight: 700, fontSize: "12pt" }}>{title}</Box>
        {heading.map((line) => (
          <Box key={line}>{line}</Box>
        ))}
        <Box component="hr" sx={{ border: 0, borderTop: "1px dashed #000" }} />
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
            <span>{label}</span>
            <span>{value}</span>
          </Box>
        ))}
        <Box component="hr" sx={{ border: 0, borderTop: "1px dashed #000" }} />
        <Box sx={{ textAlign: "center" }}>{thanks}</Box>
      </Box>
    </>
  );
}
