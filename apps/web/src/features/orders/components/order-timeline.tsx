import type { Language } from "@kantien/domain/messages";
import type { OrderDetail, OrderTimelineEntry } from "@kantien/domain/orders-summary";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { orderTimeline } from "../order-timeline";

/** Received, processed, delivered, completed — each with when and by whom it happened. */
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
  const view = orderTimeline(order.status, order.timeline);

  const when = (entry: OrderTimelineEntry) => {
    const time = formatDateTime(entry.at, timeZone, language);
    return entry.byName
      ? t("screens.orders.detail.stepAtBy", { time, name: entry.byName })
      : t("screens.orders.detail.stepAt", { time });
  };
  const caption = (text: string, color = "text.secondary") => (
    <Typography variant="caption" color={color} component="span" sx={{ display: "block" }}>
      {text}
    </Typography>
  );

  return (
    <Stepper orientation="vertical" aria-label={t("screens.orders.detail.timeline")}>
      {view.steps.map(({ step, entry, done }) => (
        <Step key={step} completed={done} active={false}>
          <StepLabel
            optional={caption(
              entry
                ? when(entry)
                : done
                  ? t("screens.orders.detail.skipped")
                  : t("screens.orders.detail.notYet"),
            )}
          >
            {t(`screens.orders.detail.steps.${step}`)}
          </StepLabel>
        </Step>
      ))}
      {view.stopped ? (
        <Step completed={false} active>
          <StepLabel error optional={caption(when(view.stopped), "error")}>
            {t(`resources.order.statuses.${view.stopped.status}`)}
          </StepLabel>
        </Step>
      ) : null}
    </Stepper>
  );
}
