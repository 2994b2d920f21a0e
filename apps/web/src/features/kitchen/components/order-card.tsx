import type { KitchenOrder } from "@kantien/domain/kitchen";
import { type AgeingThresholds, ageingStage, minutesWaiting } from "@kantien/domain/kitchen-rules";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import { isWaitingForKitchen, minutesSince } from "@kantien/domain/order-status";
import type { TFunction } from "i18next";
import { memo } from "react";
import { type AllergenNames, allergyAlertWords } from "../../../lib/allergy-alert-words";
import { formatTime } from "../../../lib/format";
import { type KitchenStep, nextKitchenStep } from "../kitchen-day";

export type AdvanceOrder = (order: KitchenOrder, next: KitchenStep) => void;

/** What every card of the board shares: the clock, the viewer, the language and the canteen's thresholds. */
export type CardContext = {
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
  /** The board's texts in `language`. */
  t: TFunction;
  /** The kitchen's start of service on the board's day: no order waits from before it. */
  serviceStart: Date;
  thresholds: AgeingThresholds;
  onOpen: (id: string) => void;
  onAdvance: AdvanceOrder;
  /** The allergens' names, once loaded (only when an order carries an alert). */
  allergenNames: AllergenNames | null;
};

/** The icons of a card's chips (Material's NewReleases, WarningAmber and HourglassBottom). */
const CHIP_ICONS = {
  new: [
    "m23 12-2.44-2.78.34-3.68-3.61-.82-1.89-3.18L12 3 8.6 1.54 6.71 4.72l-3.61.81.34 3.68L1 12l2.44 2.78-.34 3.69 3.61.82 1.89 3.18L12 21l3.4 1.46 1.89-3.18 3.61-.82-.34-3.68zm-10 5h-2v-2h2zm0-4h-2V7h2z",
  ],
  urgent: ["M12 5.99 19.53 19H4.47zM12 2 1 21h22z", "M13 16h-2v2h2zm0-6h-2v5h2z"],
  ageing: ["m18 22-.01-6L14 12l3.99-4.01L18 2H6v6l4 4-4 3.99V22zM8 7.5V4h8v3.5l-4 4z"],
} as const;

/** A small filled chip, as the board's stylesheet draws it (order-column.tsx `CardList`). */
function CardChip({ icon, colour, label }: { icon: keyof typeof CHIP_ICONS; colour: string; label: string }) {
  return (
    <span className="kc-chip" data-colour={colour}>
      <svg className="kc-chip-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        {CHIP_ICONS[icon].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
      <span className="kc-chip-label">{label}</span>
    </span>
  );
}

type OrderCardProps = { order: KitchenOrder; context: CardContext; isNew: boolean };

/**
 * One order on the board: a button that opens its details, and the next kitchen step. A board
 * shows hundreds at once, so a card is plain elements drawn by its column's one stylesheet
 * (order-column.tsx `CardList`), not a tree of styled components each computing its styles.
 */
export const OrderCard = memo(function OrderCard({ order, context, isNew }: OrderCardProps) {
  const { now, t } = context;
  const label = orderLabel(order);
  const waiting = isWaitingForKitchen(order.status);
  const waited = waiting ? minutesWaiting(order.statusChangedAt, context.serviceStart, now) : 0;
  // Before the kitchen starts nothing waits yet: the card says when it was placed instead.
  const counting = waiting && now.getTime() >= context.serviceStart.getTime();
  const stage = waiting ? ageingStage(waited, context.thresholds) : "fresh";
  const next = nextKitchenStep(order.status, context.roleId);
  const alert = order.allergyAlert;
  return (
    <li className="kc">
      <div
        className="kc-card"
        data-allergy={alert ? "true" : undefined}
        data-new-order={isNew ? "true" : undefined}
        data-ageing={waiting ? stage : undefined}
        data-urgent={stage === "late" ? "true" : undefined}
      >
        <button
          type="button"
          className="kc-open"
          data-order-id={order.id}
          onClick={() => context.onOpen(order.id)}
        >
          <span className="kc-head">
            <span className="kc-who">
              <span className="kc-label">#{label}</span>
              <span className="kc-customer">{order.customerName}</span>
            </span>
            {isNew ? <CardChip icon="new" colour="secondary" label={t("screens.kitchen.new")} /> : null}
            {/* One rule for how long is too long: the canteen's ageing stages (its settings). */}
            {stage !== "fresh" ? (
              <CardChip
                icon={stage === "late" ? "urgent" : "ageing"}
                colour={stage === "late" ? "error" : "warning"}
                label={t(`screens.kitchen.ageing.${stage}`)}
              />
            ) : null}
          </span>
          {alert ? (
            <span className="kc-allergy">
              <svg className="kc-chip-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
                {CHIP_ICONS.urgent.map((d) => (
                  <path key={d} d={d} />
                ))}
              </svg>
              {allergyAlertWords(alert, t, context.allergenNames)}
            </span>
          ) : null}
          <span className="kc-item">{`${order.itemName} × ${order.quantity}`}</span>
          <span className="kc-notes">
            <span className="kc-note kc-secondary">
              {counting
                ? t("screens.kitchen.waited", { count: waited })
                : t("screens.kitchen.placedAt", {
                    time: formatTime(order.createdAt, context.timeZone, context.language),
                  })}
            </span>
            {order.status === "processing" ? (
              <span className="kc-note">
                {t("screens.kitchen.minutesInPreparation", {
                  count: minutesSince(order.statusChangedAt, now),
                })}
              </span>
            ) : null}
          </span>
        </button>
        {next ? (
          <div className="kc-actions">
            <button type="button" className="kc-step" onClick={() => context.onAdvance(order, next)}>
              {t(`screens.kitchen.steps.${next}`)}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
});
