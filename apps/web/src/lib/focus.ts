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
