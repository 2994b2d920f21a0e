import type { UserEvent } from "@testing-library/user-event";
import { within } from "./test-utils";

/** The input holding a date field's written value, e.g. "30 Junie 2031". */
export function dateInput(container: HTMLElement, label: string): HTMLInputElement {
  const group = within(container).getByRole("group", { name: label });
  const input = group.querySelector("input");
  if (!input) throw new Error(`no input in the date field ${label}`);
  return input;
}

/** Puts a date into a date field as a person pastes it over the whole field: "24 Junie 2031". */
export async function pasteDate(user: UserEvent, container: HTMLElement, label: string, written: string) {
  const group = within(container).getByRole("group", { name: label });
  const [day] = within(group).getAllByRole("spinbutton");
  if (!day) throw new Error(`no sections in the date field ${label}`);
  await user.click(day);
  await user.keyboard("{Control>}a{/Control}");
  await user.paste(written);
}
