import { useState } from "react";

/**
 * True from the first time `open` is true: a lazily loaded dialog is mounted when it is first
 * opened and then stays, so it closes with its transition and opens at once the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
