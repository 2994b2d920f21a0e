import type { KitchenOrder } from "@kantien/domain/kitchen";
import {
  type AgeingStage,
  type AgeingThresholds,
  ageingStage,
  minutesWaiting,
} from "@kantien/domain/kitchen-rules";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import { isUrgent, isWaitingForKitchen, minutesSince } from "@kantien/domain/order-status";
import HourglassBottomIcon from "@mui/icons-material/HourglassBottom";
import NewReleasesIcon from "@mui/icons-material/NewReleases";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import Chip from "@mui/material/Chip";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../lib/format";
import { type KitchenStep, nextKitchenStep } from "../kitchen-day";

export type AdvanceOrder = (order: KitchenOrder, next: KitchenStep) => void;

/** What every card of the board shares: the clock, the viewer and the canteen's thresholds. */
export type CardContext = {
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
  /** The start of the board's day: a pre-order waits from here. */
  dayStart: Date;
  thresholds: AgeingThresholds;
  onOpen: (id: string) => void;
  onAdvance: AdvanceOrder;
};

/** The left edge of a waiting card shows its ageing stage; the text says it too (not colour alone). */
const STAGE_COLOUR: Record<AgeingStage, string | undefined> = {
  fresh: undefined,
  warn: "warning.main",
  late: "error.main",
};

type OrderCardProps = { order: KitchenOrder; context: CardContext; isNew: boolean };

/** One order on the board: a button that opens its details, and the next kitchen step. */
export const OrderCard = memo(function OrderCard({ order, context, isNew }: OrderCardProps) {
  const { now } = context;
  const { t } = useTranslation();
  const label = orderLabel(order.id, "kitchen");
  const urgent = isUrgent(order.status, order.createdAt, now);
  const waiting = isWaitingForKitchen(order.status);
  const waited = waiting ? minutesWaiting(order.statusChangedAt, context.dayStart, now) : 0;
  const stage = waiting ? ageingStage(waited, context.thresholds) : "fresh";
  const next = nextKitchenStep(order.status, context.roleId);
  return (
    <ListItem disablePadding sx={{ mb: 1.5 }}>
      <Card
        variant="outlined"
        data-new-order={isNew ? "true" : undefined}
        data-ageing={waiting ? stage : undefined}
        sx={{
          width: "100%",
          borderColor: urgent ? "error.main" : isNew ? "secondary.main" : undefined,
          borderWidth: isNew ? 2 : 1,
          borderLeftWidth: STAGE_COLOUR[stage] ? 8 : undefined,
          borderLeftColor: STAGE_COLOUR[stage],
          ...(isNew && {
            animation: "kantien-new-order 1.2s ease-in-out 3",
            "@keyframes kantien-new-order": {
              "50%": { boxShadow: (theme) => `0 0 0 6px ${theme.palette.secondary.main}55` },
            },
            "@media (prefers-reduced-motion: reduce)": { animation: "none" },
          }),
        }}
      >
        <CardActionArea data-order-id={order.id} onClick={() => context.onOpen(order.id)} sx={{ p: 1.5 }}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75, mb: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 700, mr: "auto" }}>
              #{label}
            </Typography>
            {isNew ? (
              <Chip
                component="span"
                size="small"
                color="secondary"
                icon={<NewReleasesIcon aria-hidden="true" />}
                label={t("screens.kitchen.new")}
              />
            ) : null}
            {urgent ? (
              <Chip
                component="span"
                size="small"
                color="error"
                icon={<WarningAmberIcon aria-hidden="true" />}
                label={t("screens.kitchen.urgent")}
              />
            ) : stage !== "fresh" ? (
              <Chip
                component="span"
                size="small"
                color={stage === "late" ? "error" : "warning"}
                icon={<HourglassBottomIcon aria-hidden="true" />}
                label={t(`screens.kitchen.ageing.${stage}`)}
              />
            ) : null}
          </Box>
          <Typography component="span" sx={{ display: "block", fontSize: "1.25rem", fontWeight: 700 }}>
            {`${order.itemName} × ${order.quantity}`}
          </Typography>
          <Typography component="span" sx={{ display: "block", fontSize: "1.0625rem" }}>
            {order.customerName}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
            {waiting
              ? t("screens.kitchen.waited", { count: waited })
              : t("screens.kitchen.placedAt", {
                  time: formatTime(order.createdAt, context.timeZone, context.language),
                })}
          </Typography>
          {order.status === "processing" ? (
            <Typography component="span" variant="body2" sx={{ display: "block" }}>
              {t("screens.kitchen.minutesInPreparation", { count: minutesSince(order.statusChangedAt, now) })}
            </Typography>
          ) : null}
        </CardActionArea>
        {next ? (
          <CardActions sx={{ pt: 0, px: 1.5, pb: 1.5 }}>
            <Button
              variant="contained"
              size="large"
              fullWidth
              sx={{ minHeight: 48, fontSize: "1.0625rem" }}
              onClick={() => context.onAdvance(order, next)}
            >
              {t(`screens.kitchen.actions.${next}`)}
            </Button>
          </CardActions>
        ) : null}
      </Card>
    </ListItem>
  );
});
