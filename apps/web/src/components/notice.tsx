import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "../lib/lazy-component";
import type { NoticeContent } from "./notice-snackbar";

/** A short message after an action: done, or refused with the server's reason. */
export type Notice = NoticeContent & {
  /** How long it stays, when not the usual 6 seconds. */
  durationMs?: number;
};

type Notify = (notice: Notice) => void;

const NoticeContext = createContext<{ notify: Notify; dismiss: () => void; pageLeft: () => void } | null>(
  null,
);

/**
 * A notice given this long before the page changes belongs to the page left: it closes. One given
 * as the page changes (a save that then opens another screen) comes along.
 */
const NOTICE_MOVES_WITH_PAGE_MS = 1000;

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

/**
 * Whether a dialog is open and stays open: a notice then shows at the top, clear of the dialog's
 * buttons. A dialog closing in the same tap as the notice (an order placed, a cancel done) has
 * begun to fade out (its container's opacity is set to 0 at once): its notice goes to the bottom,
 * clear of the top bar and the balance in it.
 */
function dialogStaysOpen(): boolean {
  return Array.from(
    document.querySelectorAll<HTMLElement>(".MuiDialog-root:not(.MuiModal-hidden) .MuiDialog-container"),
  ).some((container) => container.style.opacity !== "0");
}

/**
 * The app's one notice: a snackbar at the bottom right that any screen fills through
 * `useNotice()`. A new notice replaces the one showing. The snackbar sits above modals, right
 * where a dialog keeps its buttons, so it never covers one (decision 0052): a notice given while
 * a dialog stays open shows at the top, and a dialog or menu opened after a notice closes it, as
 * what it said belongs to the screen the user has moved on from.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  // The notice is kept apart from `open`, so its text stays while it fades out.
  const [state, setState] = useState<{ notice: Notice; key: number; atTop: boolean; at: number } | null>(
    null,
  );
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((notice) => {
    const at = Date.now();
    // Placed once the tap that gave it has been rendered, so a dialog it closed has begun to close.
    setTimeout(() => {
      const atTop = dialogStaysOpen();
      setState((previous) => ({ notice, key: (previous?.key ?? 0) + 1, atTop, at }));
      setOpen(true);
    }, 0);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const givenAt = state?.at ?? 0;
  const pageLeft = useCallback(() => {
    if (Date.now() - givenAt > NOTICE_MOVES_WITH_PAGE_MS) setOpen(false);
  }, [givenAt]);
  const value = useMemo(() => ({ notify, dismiss, pageLeft }), [notify, dismiss, pageLeft]);
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

/**
 * Closes a notice when the user moves to another page (a tab of the ordering app, a screen of
 * the back office): what it said belongs to the page left, and it would cover the next one.
 */
export function NoticeStaysOnItsPage() {
  const notice = useContext(NoticeContext);
  const { pathname } = useLocation();
  const first = useRef(true);
  const pageLeft = notice?.pageLeft;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the page changes, not when a notice comes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    pageLeft?.();
  }, [pathname]);
  return null;
}
