import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { type DialogTransitionEvents, useFocusAfterDialog } from "../../../lib/focus";
import type { PeopleTexts, PersonRow } from "./people-table";

export type PersonDeleteState<Row extends PersonRow> = {
  target: Row | null;
  open: boolean;
  ask: (row: Row) => void;
  close: () => void;
  transition: DialogTransitionEvents;
  /** Moves the focus once the question has gone (after a delete: its row went too). */
  focusWhenClosed: (focus: () => void) => void;
};

/** Whom a people screen asks about deleting. */
export function usePersonDelete<Row extends PersonRow>(): PersonDeleteState<Row> {
  const [target, setTarget] = useState<Row | null>(null);
  // Kept apart from the target so the dialog's text stays while it closes.
  const [open, setOpen] = useState(false);
  const focus = useFocusAfterDialog();
  return {
    target,
    open,
    ask: (row) => {
      setTarget(row);
      setOpen(true);
    },
    close: () => setOpen(false),
    transition: focus.transition,
    focusWhenClosed: focus.whenClosed,
  };
}

type PersonDeleteConfirmProps<Row extends PersonRow> = {
  texts: PeopleTexts;
  state: PersonDeleteState<Row>;
  onConfirm: (row: Row) => void;
};

/** 'Skrap Anna Botha?': the question before a person is deleted (/users and /staff). */
export function PersonDeleteConfirm<Row extends PersonRow>({
  texts,
  state,
  onConfirm,
}: PersonDeleteConfirmProps<Row>) {
  const { t } = useTranslation();
  const { target } = state;
  return (
    <ConfirmDialog
      open={state.open}
      title={t(`${texts}.deleteTitle`, { name: target ? `${target.firstName} ${target.lastName}` : "" })}
      message={t(`${texts}.deleteConfirm`)}
      confirmLabel={t(`${texts}.delete`)}
      cancelLabel={t("common.cancel")}
      destructive
      transition={state.transition}
      onCancel={state.close}
      onConfirm={() => {
        if (!target) return;
        state.close();
        onConfirm(target);
      }}
    />
  );
}
