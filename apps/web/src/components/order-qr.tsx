import { orderQrContent } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** How an order's code is drawn: a quiet zone of 2 modules, and medium error correction. */
export const ORDER_QR_OPTIONS = { margin: 2, errorCorrectionLevel: "M" } as const;

type OrderQrProps = { orderId: string; size: number | string; label: string };

/**
 * An order's QR code (the counter scans it): an SVG image, black on white whatever the
 * theme, with a quiet zone, as scanners need.
 */
export function OrderQr({ orderId, size, label }: OrderQrProps) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(orderQrContent(orderId), { ...ORDER_QR_OPTIONS, type: "svg" })
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.warn("The QR code could not be drawn", error));
    return () => {
      current = false;
    };
  }, [orderId]);
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
