import { type RefObject, useEffect, useRef } from "react";

/**
 * Where the focus went when what held it vanished or was disabled: `<body>`, or the dialog
 * (or other container) around the control that had it.
 */
function focusWasLost(control: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return control !== null && active !== control && active.contains(control);
}

/**
 * A button disabled while its request runs drops the focus; when the request is done and
 * the button is back, so is the focus (WCAG 2.4.3).
 */
export function useFocusBackAfter(busy: boolean, control: RefObject<HTMLElement | null>): void {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (control.current && focusWasLost(control.current)) control.current.focus();
  }, [busy, control]);
}

/** After a row or card is deleted: the page's heading (PageTitle), the start of what is left. */
export function focusPageHeading(): void {
  document.querySelector<HTMLElement>("h1")?.focus();
}

/** What a dialog's transition reports, for `useFocusAfterDialog`. */
export type DialogTransitionEvents = { onEnter: () => void; onExited: () => void };

/**
 * A dialog gives the focus back to what opened it as it closes. When that thing goes away
 * afterwards (a deleted row), the focus must move on — once the dialog is gone, or the
 * dialog's own give-back would win. Give `transition` to the dialog's transition slot and
 * call `whenClosed` with where the focus should go.
 */
export function useFocusAfterDialog(): {
  transition: DialogTransitionEvents;
  whenClosed: (focus: () => void) => void;
} {
  const shown = useRef(false);
  const pending = useRef<(() => void) | null>(null);
  return {
    transition: {
      onEnter: () => {
        shown.current = true;
      },
      onExited: () => {
        shown.current = false;
        pending.current?.();
        pending.current = null;
      },
    },
    whenClosed: (focus) => {
      if (shown.current) pending.current = focus;
      else focus();
    },
  };
}

/**
 * Focuses an element as it mounts: `autoFocus` for a field or button in a dialog. React applies
 * `autoFocus` on the first mount only; when it mounts a tree again (StrictMode's second mount, a
 * tree shown again), the dialog's focus trap finds the focus outside and takes it to the dialog
 * itself. A ref is attached on every mount, before the trap looks. Give it as the element's ref.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
