import { kitchenCounts, portionsToMake } from "@kantien/domain/kitchen-rules";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import type { WeeklyOrdersDay } from "@kantien/domain/weekly-orders";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { StatusChip } from "../../../components/status-chip";
import { dayHeadingParts, formatDayHeading } from "../../../lib/format";
import { PortionsToMake } from "./portions-to-make";

type WeeklyOrderDayProps = {
  date: string;
  /** Undefined while the week loads. */
  day: WeeklyOrdersDay | undefined;
  language: Language;
};

/** One school day of the week: its orders, its prep sheet and what is still to make. */
export function WeeklyOrderDay({ date, day, language }: WeeklyOrderDayProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const prepId = useId();
  const heading = dayHeadingParts(date, language);
  return (
    <Paper component="section" role="region" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      {/* In a narrow column the count goes under the day rather than out of the card. */}
      <Box
        sx={{
          display: "flex",
          flexWrap: "wrap",
          justifyContent: "space-between",
          alignItems: "flex-start",
          columnGap: 1,
          rowGap: 0.5,
          mb: 1.5,
        }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ lineHeight: 1.3, minWidth: 0 }}>
          {heading.weekday}{" "}
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: "block", whiteSpace: "nowrap" }}
          >
            {heading.date}
          </Typography>
        </Typography>
        {day ? (
          <Chip
            size="small"
            sx={{ flexShrink: 0 }}
            // Counted as the board and the dashboard count: cancelled and failed orders make no food.
            label={t("screens.weeklyOrders.orderCount", { count: kitchenCounts(day.orders).total })}
          />
        ) : null}
      </Box>
      {day === undefined ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />)
      ) : day.orders.length === 0 ? (
        <Typography color="text.secondary">{t("screens.weeklyOrders.empty")}</Typography>
      ) : (
        <>
          <List
            disablePadding
            aria-label={t("screens.weeklyOrders.ordersOf", { day: formatDayHeading(date, language) })}
          >
            {day.orders.map((order) => (
              <ListItem
                key={order.id}
                disableGutters
                sx={{ display: "block", py: 1, borderBottom: 1, borderColor: "divider" }}
              >
                <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                  <Typography component="span" sx={{ fontWeight: 700 }}>
                    #{orderLabel(order)}
                  </Typography>
                  {/* A paid order the kitchen has not begun is still to do: its one name says both (decision 0022). */}
                  <StatusChip status={order.status} />
                </Box>
                <Typography component="span" sx={{ display: "block" }}>
                  {order.customerName}
                </Typography>
                <Typography component="span" sx={{ display: "block", fontWeight: 500 }}>
                  {`${order.itemName} × ${order.quantity}`}
                </Typography>
              </ListItem>
            ))}
          </List>
          <Divider sx={{ my: 1.5 }} />
          <Typography id={prepId} variant="subtitle2" component="h3">
            {t("screens.weeklyOrders.prepTitle")}
          </Typography>
          {day.prep.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              {t("screens.weeklyOrders.prepEmpty")}
            </Typography>
          ) : (
            <List dense disablePadding aria-labelledby={prepId}>
              {day.prep.map((line) => (
                <ListItem key={line.itemName} disableGutters sx={{ py: 0.25 }}>
                  <Typography variant="body2">{`${line.itemName} — ${line.quantity}`}</Typography>
                </ListItem>
              ))}
            </List>
          )}
          <Divider sx={{ my: 1.5 }} />
          <PortionsToMake
            title={t("screens.weeklyOrders.toMakeTitle")}
            dishes={portionsToMake(day.orders)}
            variant="day"
          />
        </>
      )}
    </Paper>
  );
}
