import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, screen, within } from "../test/test-utils";
import { AccessDeniedDialog } from "./access-denied-dialog";

const student = {
  first_name: "Sipho",
  last_name: "Dlamini",
  email: "sipho@skool.example",
  role_id: ROLE.student,
};

describe("AccessDeniedDialog", () => {
  it("shows a refused customer the way to the ordering app and still closes", async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(<AccessDeniedDialog user={student} onClose={onClose} />, {
      route: "/login",
      user: null,
    });

    const dialog = await screen.findByRole("alertdialog", { name: "Toegang geweier" });
    expect(within(dialog).getByRole("link", { name: "Gaan na die bestel-app" })).toHaveAttribute(
      "href",
      "/my/login",
    );
    const close = within(dialog).getByRole("button", { name: "Sluit" });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
