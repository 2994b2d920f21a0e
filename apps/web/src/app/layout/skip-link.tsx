import Link from "@mui/material/Link";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/** The first thing a keyboard reaches: past the top bar and menu to the page (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus, not a #hash: the address belongs to the router.
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: "fixed",
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "background.paper",
        color: "primary.main",
        fontWeight: 600,
        boxShadow: 3,
        transform: "translateY(-200%)",
        "&:focus": { transform: "none" },
      }}
    >
      {t("a11y.skipToContent")}
    </Link>
  );
}
