import type { Language } from "@kantien/domain/language";
import type { OrderDetail, OrderTimelineEntry } from "@kantien/domain/orders-summary";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { orderTimeline } from "../order-timeline";

/** The statuses the order went through, each with when and by whom; nothing it has not reached. */
export function OrderTimeline({
  order,
  timeZone,
  language,
}: {
  order: OrderDetail;
  timeZone: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const steps = orderTimeline(order.status, order.timeline);

  const when = (entry: OrderTimelineEntry) => {
    const time = formatDateTime(entry.at, timeZone, language);
    return entry.byName
      ? t("screens.orders.detail.stepAtBy", { time, name: entry.byName })
      : t("screens.orders.detail.stepAt", { time });
  };

  return (
    <Stepper orientation="vertical" aria-label={t("screens.orders.detail.timeline")}>
      {steps.map(({ status, entry, current }, index) => {
        const stopped = status === "cancelled" || status === "failed";
        return (
          // A status may come twice (an admin moved the order back): the place keeps it apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps never reorder
          <Step key={index} completed={!current} active={current} aria-current={current ? "step" : undefined}>
            <StepLabel
              error={stopped}
              optional={
                entry ? (
                  <Typography
                    variant="caption"
                    color={stopped ? "error" : "text.secondary"}
                    component="span"
                    sx={{ display: "block" }}
                  >
                    {when(entry)}
                    {entry.reason ? (
                      <Typography component="span" variant="caption" sx={{ display: "block" }}>
                        {t("screens.orders.detail.stepReason", { reason: entry.reason })}
                      </Typography>
                    ) : null}
                  </Typography>
                ) : undefined
              }
            >
              {t(`resources.order.statuses.${status}`)}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
