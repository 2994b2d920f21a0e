import type { KitchenOrder } from "@kantien/domain/kitchen";
import { orderLabel } from "@kantien/domain/order-label";
import {
  type KitchenColumn,
  kitchenColumnOf,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "@kantien/domain/order-status";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { cancelledMessage } from "../../../lib/cancelled-message";
import { currentLanguage } from "../../../lib/i18n";
import { type updateOrderStatus, useUpdateOrderStatus } from "../api/update-order-status";
import type { KitchenStep } from "../kitchen-day";

/** How long "Ongedaan maak" is offered after a kitchen step. */
export const UNDO_MS = 10_000;

type Moving = { id: string; status: OrderStatus; from: KitchenColumn | null };

/** The moved order's card when the board still shows it, else the column it left (WCAG 2.4.3). */
function focusMovedOrder(moving: Moving, column: KitchenColumn | null) {
  const card = column ? document.querySelector<HTMLElement>(`[data-order-id="${moving.id}"]`) : null;
  const left = moving.from
    ? document.querySelector<HTMLElement>(`[data-kitchen-column="${moving.from}"]`)
    : null;
  (card ?? left)?.focus();
}

type BoardActionsOptions = {
  /** The board's day, to see when a moved order has moved. */
  orders: readonly KitchenOrder[] | undefined;
  /** The board's docked notice. */
  notify: (notice: Notice) => void;
  /** A touched order is no longer new. */
  seen: (id: string) => void;
  /** Every move closes the board's dialogs. */
  closeDialogs: () => void;
  /** Gereed of an order with an allergy alert asks "Allergene nagegaan?" first. */
  askAllergenCheck: (order: KitchenOrder) => void;
};

/**
 * What the cook does to an order on the board, and what the board says after: a step forward
 * (with "Ongedaan maak"), a step back, a recall from the collected, a cancel. Each move leaves
 * the card at once and sends the focus after it, to its new column or the one it left.
 */
export function useBoardActions({
  orders,
  notify,
  seen,
  closeDialogs,
  askAllergenCheck,
}: BoardActionsOptions) {
  const { i18n } = useTranslation();
  // Where the focus follows a moved order: its card in the new column, or the column it left.
  const [moving, setMoving] = useState<Moving | null>(null);
  const { mutate } = useUpdateOrderStatus({
    onError: (error) => {
      notify({ severity: "error", text: errorMessage(error, i18n.t("errors.update")) });
      setMoving(null);
    },
  });

  const move = useCallback(
    (
      order: KitchenOrder,
      status: OrderStatus,
      onDone?: (answer: Awaited<ReturnType<typeof updateOrderStatus>>) => void,
      reason?: string,
      allergensConfirmed?: boolean,
    ) => {
      closeDialogs();
      seen(order.id);
      setMoving({ id: order.id, status, from: kitchenColumnOf(order.status) });
      mutate({ id: order.id, status, reason, allergensConfirmed }, { onSuccess: onDone });
    },
    [mutate, seen, closeDialogs],
  );

  /** A step back through the server's rule: to where the order was before. */
  const stepBack = useCallback(
    (order: KitchenOrder, to: OrderStatus) =>
      move(order, to, () =>
        notify({
          severity: "success",
          text: () =>
            i18n.t("screens.kitchen.undo.done", {
              label: orderLabel(order),
              status: ORDER_STATUS_LABELS[currentLanguage()][to],
            }),
        }),
      ),
    [move, notify, i18n],
  );

  const step = useCallback(
    (order: KitchenOrder, next: KitchenStep, allergensConfirmed?: boolean) => {
      const before = order.status;
      move(
        order,
        next,
        () =>
          notify({
            severity: "info",
            durationMs: UNDO_MS,
            text: () => i18n.t(`screens.kitchen.undo.${next}`, { label: orderLabel(order) }),
            action: {
              label: i18n.t("screens.kitchen.undo.action"),
              onClick: () => stepBack({ ...order, status: next }, before),
            },
          }),
        undefined,
        allergensConfirmed,
      );
    },
    [move, notify, stepBack, i18n],
  );

  // Gereed of an order with an allergy alert asks "Allergene nagegaan?" first (the server insists).
  const advance = useCallback(
    (order: KitchenOrder, next: KitchenStep) => {
      if (next === "ready" && order.allergyAlert) askAllergenCheck(order);
      else step(order, next);
    },
    [step, askAllergenCheck],
  );

  /** The yes to "Allergene nagegaan?": Gereed, with the check recorded. */
  const readyChecked = useCallback((order: KitchenOrder) => step(order, "ready", true), [step]);

  const recall = useCallback((order: KitchenOrder) => stepBack(order, "ready"), [stepBack]);

  // The card leaves at once, as every kitchen step does; the server's answer names the money.
  const cancel = useCallback(
    (order: KitchenOrder, reason: string) =>
      move(
        order,
        "cancelled",
        (answer) =>
          notify({
            severity: "success",
            text: () =>
              cancelledMessage(i18n.t, {
                refunded: answer.data.refunded,
                customerName: order.customerName,
              }),
          }),
        reason,
      ),
    [move, notify, i18n],
  );

  useEffect(() => {
    if (!moving || !orders) return;
    const order = orders.find((candidate) => candidate.id === moving.id);
    // The board shows the change once the cache has it.
    if (order && order.status !== moving.status) return;
    setMoving(null);
    focusMovedOrder(moving, order ? kitchenColumnOf(order.status) : null);
  }, [moving, orders]);

  return { advance, readyChecked, recall, cancel };
}

export type BoardActions = ReturnType<typeof useBoardActions>;
