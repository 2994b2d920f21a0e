import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { KitchenColumn } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BRAND_PRIMARY, BRAND_PRIMARY_HOVER } from "../../../lib/theme";
import { type CardContext, OrderCard } from "./order-card";

export const COLUMN_ACCENT: Record<KitchenColumn, string> = {
  pending: "warning.main",
  processing: "primary.main",
  ready: "info.main",
};

/**
 * Kitchen lists in the back office's layout scroll at 400 px at least, and down to the bottom of
 * the window when it is taller: a column never scrolls on its own while the page has room.
 */
const LIST_MIN_HEIGHT = 400;
/** Room kept under a list: its column's padding and the page's. */
const LIST_BOTTOM_GAP = 40;

/** The height from the list's top to the window's bottom (at least LIST_MIN_HEIGHT), kept up to date. */
function useFillWindow(enabled: boolean) {
  const ref = useRef<HTMLUListElement>(null);
  const [height, setHeight] = useState(LIST_MIN_HEIGHT);
  useLayoutEffect(() => {
    const list = ref.current;
    if (!enabled || !list) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(LIST_MIN_HEIGHT, Math.floor(window.innerHeight - top - LIST_BOTTOM_GAP)));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [enabled]);
  return { ref, height };
}

type OrderColumnProps = {
  status: KitchenColumn;
  orders: KitchenOrder[] | undefined;
  context: CardContext;
  newIds: ReadonlySet<string>;
  /**
   * "window": the list scrolls in a box down to the window's bottom, at least 400 px (the back
   * office); "cell": the column fills its place under the board's fixed header and its list
   * scrolls on its own (the kitchen mode).
   */
  fill: "window" | "cell";
  /** Without its heading: the kitchen mode's tabs name the column. */
  hideHeading?: boolean;
};

/**
 * A column's cards and the one stylesheet that draws them (order-card.tsx): what MUI's outlined
 * Card, CardActionArea, Typography, small Chip and large contained Button draw, computed once per
 * column instead of once per element of every card.
 */
const CardList = styled("ul")(({ theme }) => {
  const { palette, typography, shape, shadows } = theme;
  const chipColours = Object.fromEntries(
    (["secondary", "error", "warning"] as const).map((colour) => [
      `& .kc-chip[data-colour="${colour}"]`,
      { backgroundColor: palette[colour].main, color: palette[colour].contrastText },
    ]),
  );
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    position: "relative",
    "& .kc": {
      display: "flex",
      width: "100%",
      boxSizing: "border-box",
      marginBottom: theme.spacing(1),
      // Cards out of sight are laid out and painted once scrolled to: a busy day's hundreds
      // of cards cost their first frame only what the screen shows.
      contentVisibility: "auto",
      containIntrinsicSize: "auto 110px",
      // A wide column puts the step beside the order instead of under it (see .kc-card below).
      containerType: "inline-size",
    },
    "& .kc-card": {
      width: "100%",
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr)",
      overflow: "hidden",
      backgroundColor: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: shape.borderRadius,
    },
    "& .kc-card[data-new-order]": {
      borderColor: palette.secondary.main,
      borderWidth: 2,
      animation: "kantien-new-order 1.2s ease-in-out 3",
      "@media (prefers-reduced-motion: reduce)": { animation: "none" },
    },
    "@keyframes kantien-new-order": { "50%": { boxShadow: `0 0 0 6px ${palette.secondary.main}55` } },
    "& .kc-card[data-urgent]": { borderColor: palette.error.main },
    // An allergy alert: a red frame and a red line with a sign and words (kc-allergy).
    "& .kc-card[data-allergy]": { borderColor: palette.error.main, borderWidth: 3 },
    "& .kc-allergy": {
      display: "flex",
      alignItems: "center",
      gap: theme.spacing(1),
      margin: theme.spacing(0.5, 0),
      padding: theme.spacing(0.5, 1),
      borderRadius: shape.borderRadius,
      backgroundColor: palette.error.main,
      color: palette.error.contrastText,
      fontWeight: 700,
      fontSize: "1.0625rem",
      lineHeight: 1.35,
      "& .kc-chip-icon": { margin: 0, fontSize: 22 },
    },
    "& .kc-card[data-ageing='warn']": { borderLeftWidth: 8, borderLeftColor: palette.warning.main },
    "& .kc-card[data-ageing='late']": { borderLeftWidth: 8, borderLeftColor: palette.error.main },
    "& .kc-open": {
      display: "block",
      position: "relative",
      width: "100%",
      boxSizing: "border-box",
      margin: 0,
      border: 0,
      borderRadius: "inherit",
      padding: theme.spacing(1, 1.5),
      background: "transparent",
      color: "inherit",
      textAlign: "inherit",
      cursor: "pointer",
      userSelect: "none",
      WebkitTapHighlightColor: "transparent",
      outline: 0,
      ...typography.body1,
      // The focus ring sits within the card, where no overflow clips it (as on MUI's CardActionArea).
      "&:focus-visible": { outline: "3px solid var(--kantien-focus)", outlineOffset: "-3px" },
      // Hovered and focused, the card shades as MUI's CardActionArea does.
      "&::after": {
        content: '""',
        position: "absolute",
        inset: 0,
        borderRadius: "inherit",
        pointerEvents: "none",
        backgroundColor: "currentColor",
        opacity: 0,
        transition: theme.transitions.create("opacity", { duration: theme.transitions.duration.short }),
      },
      "&:hover::after": { opacity: palette.action.hoverOpacity },
      "@media (hover: none)": { "&:hover::after": { opacity: 0 } },
      "&:focus-visible::after, &:active::after": { opacity: palette.action.focusOpacity },
    },
    // A chip that leaves no room for the customer's name goes under it: the name is what the
    // counter calls out, so it is cut short only when it and its number alone are wider than
    // the card.
    "& .kc-head": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      columnGap: theme.spacing(0.75),
      rowGap: theme.spacing(0.25),
    },
    "& .kc-who": {
      display: "flex",
      alignItems: "baseline",
      gap: theme.spacing(0.75),
      flex: "1 1 auto",
      minWidth: 0,
    },
    "& .kc-label": { fontWeight: 700, fontSize: "1.125rem", flexShrink: 0 },
    "& .kc-customer": {
      flex: "1 1 auto",
      minWidth: 0,
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
      fontSize: "1.0625rem",
    },
    "& .kc-item": { display: "block", fontSize: "1.1875rem", fontWeight: 700, lineHeight: 1.35 },
    "& .kc-notes": { display: "flex", flexWrap: "wrap", columnGap: theme.spacing(1.5) },
    "& .kc-note": { ...typography.body2 },
    "& .kc-secondary": { color: palette.text.secondary },
    "& .kc-chip": {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      maxWidth: "100%",
      height: 24,
      boxSizing: "border-box",
      borderRadius: 16,
      whiteSpace: "nowrap",
      verticalAlign: "middle",
      fontFamily: typography.fontFamily,
      fontSize: typography.pxToRem(13),
    },
    ...chipColours,
    "& .kc-chip-icon": {
      width: "1em",
      height: "1em",
      flexShrink: 0,
      fill: "currentColor",
      fontSize: 18,
      marginLeft: 4,
      marginRight: -4,
    },
    "& .kc-chip-label": { overflow: "hidden", textOverflow: "ellipsis", paddingLeft: 8, paddingRight: 8 },
    "& .kc-actions": { display: "flex", alignItems: "center", padding: theme.spacing(0, 1.5, 1) },
    "@container (min-width: 330px)": {
      "& .kc-card": { gridTemplateColumns: "minmax(0, 1fr) auto" },
      "& .kc-actions": { padding: theme.spacing(1, 1.5, 1, 0) },
      "& .kc-step": { width: "auto", minWidth: 128 },
    },
    "& .kc-step": {
      ...typography.button,
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      width: "100%",
      minWidth: 64,
      minHeight: 48,
      boxSizing: "border-box",
      margin: 0,
      border: 0,
      borderRadius: shape.borderRadius,
      padding: "8px 22px",
      fontSize: "1.0625rem",
      cursor: "pointer",
      userSelect: "none",
      WebkitTapHighlightColor: "transparent",
      color: "#fff",
      backgroundColor: BRAND_PRIMARY,
      boxShadow: shadows[2],
      transition: theme.transitions.create(["background-color", "box-shadow"], {
        duration: theme.transitions.duration.short,
      }),
      "&:hover": { backgroundColor: BRAND_PRIMARY_HOVER, boxShadow: shadows[4] },
      "@media (hover: none)": { "&:hover": { backgroundColor: BRAND_PRIMARY, boxShadow: shadows[2] } },
      "&:focus-visible": { boxShadow: shadows[6] },
      "&:active": { boxShadow: shadows[8] },
    },
  };
});

/**
 * Takes the cook to the column's first new card: scrolled into the middle of its list and
 * focused, so its step is the next tap or key.
 */
function showFirstNew(column: HTMLElement | null) {
  const card = column?.querySelector<HTMLElement>("[data-new-order] [data-order-id]");
  if (!card) return;
  card.scrollIntoView({ block: "center" });
  card.focus({ preventScroll: true });
}

export function OrderColumn({ status, orders, context, newIds, fill, hideHeading }: OrderColumnProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const fresh = orders?.filter((order) => newIds.has(order.id)).length ?? 0;
  const heading = t(`screens.kitchen.columns.${status}`);
  const scroll = fill === "window";
  const inCell = fill === "cell";
  const windowFill = useFillWindow(scroll && orders !== undefined && orders.length > 0);
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={hideHeading ? undefined : headingId}
      aria-label={hideHeading ? heading : undefined}
      // Where the focus goes when an order leaves the column and the board.
      tabIndex={-1}
      data-kitchen-column={status}
      variant={scroll ? "elevation" : "outlined"}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderTop: 4,
        borderColor: COLUMN_ACCENT[status],
        minWidth: 0,
        ...(inCell && { display: "flex", flexDirection: "column", minHeight: 0, pb: 0 }),
      }}
    >
      {hideHeading ? null : (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            mb: 1,
            flexShrink: 0,
          }}
        >
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: "auto" }}>
            {heading}
          </Typography>
          {fresh > 0 ? (
            <Chip
              color="secondary"
              label={t("screens.kitchen.newCount", { count: fresh })}
              title={t("screens.kitchen.newCountShow")}
              onClick={(event) => showFirstNew(event.currentTarget.closest("section"))}
            />
          ) : null}
          {orders ? (
            <Chip
              label={orders.length}
              aria-label={t("screens.kitchen.orderCount", { count: orders.length })}
            />
          ) : null}
        </Box>
      )}
      {orders === undefined ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} sx={{ mb: 1 }} />)
      ) : orders.length === 0 ? (
        <Typography color="text.secondary">{t("screens.kitchen.empty")}</Typography>
      ) : (
        <CardList
          ref={windowFill.ref}
          // The board's notices dock in its header, so the last card needs no room below it.
          sx={{
            ...(scroll && { maxHeight: windowFill.height, overflowY: "auto", pr: 0.5 }),
            ...(inCell && { flex: "1 1 0", minHeight: 0, overflowY: "auto", pr: 0.5, pb: 1 }),
          }}
        >
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} context={context} isNew={newIds.has(order.id)} />
          ))}
        </CardList>
      )}
    </Paper>
  );
}
