import type { Breakpoint } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { MouseEvent } from "react";

/* What a table needs to fit a phone or a tablet (decision 0018): fewer columns, the values of
   the others in a neighbouring cell, and the actions always in reach. */

/** True below the breakpoint (false where media queries are unknown, as in tests: the full table). */
export function useBelow(breakpoint: Breakpoint): boolean {
  return useMediaQuery((theme) => theme.breakpoints.down(breakpoint), { noSsr: true });
}

/** The actions column stays in view when a table scrolls sideways in its container. */
export const stickyEnd = {
  position: "sticky",
  right: 0,
  bgcolor: "background.paper",
  // Above the cells that scroll under it.
  zIndex: 1,
} as const;

/** A click on a button or link inside a row is that control's, not the row's. */
export function isFromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest("button, a, input, [role=button]") !== null;
}
