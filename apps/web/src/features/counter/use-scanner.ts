import { useEffect, useRef } from "react";

/**
 * A handheld scanner types its code and Enter into whatever has the focus. While nothing that
 * takes text has it (a tile was just tapped, say), this gathers the keys and hands the code on
 * at Enter; `onScan` answers whether it was one it takes, and then the Enter does nothing else
 * (it does not press the focused button). So the counter scans a card at any moment, without
 * the screen keyboard a focused field would open on a tablet.
 */
export function useScanner(onScan: (code: string) => boolean) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    let typed = "";
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) {
        typed = "";
        return;
      }
      if (event.key === "Enter") {
        if (typed && latest.current(typed)) {
          event.preventDefault();
          event.stopPropagation();
        }
        typed = "";
      } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        typed += event.key;
      }
    };
    // Before the focused button hears the Enter.
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
