import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { lazyComponent } from "../lib/lazy-component";
import type { NoticeContent } from "./notice-snackbar";

/** A short message after an action: done, or refused with the server's reason. */
export type Notice = NoticeContent & {
  /** How long it stays, when not the usual 6 seconds. */
  durationMs?: number;
};

type Notify = (notice: Notice) => void;

const NoticeContext = createContext<{ notify: Notify; dismiss: () => void } | null>(null);

/** The CSS variable a layout with a bottom bar sets to its height, so notices never cover it. */
export const BOTTOM_BAR_HEIGHT_VAR = "--kantien-bottom-bar";

/**
 * The height a notice takes at the bottom of the window (its margin and an alert with a 48 px
 * button): a long list keeps this much room below its last item, which can then be scrolled
 * clear of the notice.
 */
export const NOTICE_ROOM = "96px";

/** A notice stays 6 seconds unless it says otherwise. */
export const NOTICE_MS = 6000;

/** The snackbar itself is code a first page never needs: it loads with the first notice. */
const NoticeSnackbar = lazyComponent(
  () => import("./notice-snackbar"),
  (m) => m.default,
);

/**
 * Whether `node` is the root of a dialog, menu or popover that has just opened: MUI portals
 * each of those into `<body>` as a `MuiModal-root` (tooltips and other poppers are not modal).
 */
function isOpenedModal(node: Node): boolean {
  return node instanceof HTMLElement && node.classList.contains("MuiModal-root");
}

/** Whether a dialog is open: a notice then shows at the top, clear of the dialog's buttons. */
function dialogIsOpen(): boolean {
  return document.querySelector(".MuiDialog-root:not(.MuiModal-hidden)") !== null;
}

/**
 * The app's one notice: a snackbar at the bottom right that any screen fills through
 * `useNotice()`. A new notice replaces the one showing. The snackbar sits above modals, right
 * where a dialog keeps its buttons, so it never covers one (decision 0052): a notice given while
 * a dialog is open shows at the top, and a dialog or menu opened after a notice closes it, as
 * what it said belongs to the screen the user has moved on from.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  // The notice is kept apart from `open`, so its text stays while it fades out.
  const [state, setState] = useState<{ notice: Notice; key: number; atTop: boolean } | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((notice) => {
    const atTop = dialogIsOpen();
    setState((previous) => ({ notice, key: (previous?.key ?? 0) + 1, atTop }));
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);
  useEffect(() => {
    if (!open) return;
    const observer = new MutationObserver((records) => {
      if (records.some((record) => Array.from(record.addedNodes).some(isOpenedModal))) setOpen(false);
    });
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [open]);
  return (
    <NoticeContext.Provider value={value}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <NoticeSnackbar
            key={state.key}
            notice={state.notice}
            autoHideMs={state.notice.durationMs ?? NOTICE_MS}
            bottomOffset={`var(${BOTTOM_BAR_HEIGHT_VAR}, 0px)`}
            atTop={state.atTop}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </NoticeContext.Provider>
  );
}

/** Shows a notice: `notify({ severity: "success", text })`. */
export function useNotice(): Notify {
  const notice = useContext(NoticeContext);
  if (!notice) throw new Error("useNotice needs a NoticeProvider");
  return notice.notify;
}

/** Closes the notice showing, when what it said no longer holds (the counter's next scan). */
export function useDismissNotice(): () => void {
  const notice = useContext(NoticeContext);
  if (!notice) throw new Error("useDismissNotice needs a NoticeProvider");
  return notice.dismiss;
}
