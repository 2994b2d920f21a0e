import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** How a code is drawn: a quiet zone of 2 modules, and medium error correction. */
export const QR_OPTIONS = { margin: 2, errorCorrectionLevel: "M" } as const;

type QrCodeProps = { content: string; size: number | string; label: string };

/**
 * A QR code the counter scans (an order's, a learner's card): an SVG image, black on white
 * whatever the theme, with a quiet zone, as scanners need.
 */
export function QrCode({ content, size, label }: QrCodeProps) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(content, { ...QR_OPTIONS, type: "svg" })
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.warn("The QR code could not be drawn", error));
    return () => {
      current = false;
    };
  }, [content]);
  if (!source) return <Skeleton variant="rectangular" width={size} height={size} aria-label={label} />;
  return (
    <Box
      component="img"
      src={source}
      alt={label}
      sx={{ width: size, height: size, bgcolor: "#fff", display: "block" }}
    />
  );
}
