import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { applyLanguage, i18n } from "../lib/i18n";
import { act, renderWithApp, screen } from "../test/test-utils";
import { type Notice, NoticeStaysOnItsPage, useNotice } from "./notice";

function Notifier({ notices }: { notices: Notice[] }) {
  const notify = useNotice();
  return (
    <>
      {notices.map((notice, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Button key={index} onClick={() => notify(notice)}>{`notice ${index}`}</Button>
      ))}
    </>
  );
}

/** A notice, then a tooltip and a dialog opened after it, as a screen would. */
function NoticeThenDialog() {
  const notify = useNotice();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <Button onClick={() => notify({ severity: "success", text: "Spyskaart geskep." })}>skep</Button>
      <Tooltip title="Voeg by">
        <Button onClick={() => setDialogOpen(true)}>Voeg by</Button>
      </Tooltip>
      <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)}>
        <DialogTitle>Voeg 'n item by</DialogTitle>
      </Dialog>
    </>
  );
}

/** A dialog that stays open after its action, which gives a notice. */
function DialogThatNotifies() {
  const notify = useNotice();
  return (
    <Dialog open>
      <DialogTitle>Bestelling #7</DialogTitle>
      <Button onClick={() => notify({ severity: "success", text: "Bestelling gekanselleer." })}>
        kanselleer
      </Button>
    </Dialog>
  );
}

/** A dialog whose action gives a notice and closes it, as placing an order does. */
function DialogThatClosesWithNotice() {
  const notify = useNotice();
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open}>
      <DialogTitle>Bestel bobotie</DialogTitle>
      <Button
        onClick={() => {
          notify({ severity: "success", text: "Jou bestelling is geplaas." });
          setOpen(false);
        }}
      >
        bestel
      </Button>
    </Dialog>
  );
}

/** Two ways to another page: after a notice given a while ago, or in the same tap as the notice. */
function PageWithNotice() {
  const notify = useNotice();
  const navigate = useNavigate();
  return (
    <>
      <NoticeStaysOnItsPage />
      <Button onClick={() => notify({ severity: "success", text: "Gestoor." })}>stoor</Button>
      <Button onClick={() => navigate("/my/wallet")}>beursie</Button>
      <Button
        onClick={() => {
          notify({ severity: "success", text: "Bestelling geplaas." });
          navigate("/my/orders");
        }}
      >
        bestel en gaan
      </Button>
    </>
  );
}

describe("NoticeProvider", () => {
  it("leaves a notice on its page when the user moves to another, but keeps one given as the page changes", async () => {
    const { user } = renderWithApp(<PageWithNotice />, { route: "/my" });
    await user.click(screen.getByRole("button", { name: "stoor" }));
    expect(await screen.findByText("Gestoor.")).toBeInTheDocument();
    // A while later the user opens another tab: the notice about the page left goes.
    const later = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 5000);
    await user.click(screen.getByRole("button", { name: "beursie" }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText("Gestoor.")).not.toBeInTheDocument();
    later.mockRestore();

    // A notice given in the same tap that moves the page comes along.
    await user.click(screen.getByRole("button", { name: "bestel en gaan" }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByText("Bestelling geplaas.")).toBeVisible();
  });

  it("shows one notice at a time at the bottom right, the newest replacing the last", async () => {
    const { user } = renderWithApp(
      <Notifier
        notices={[
          { severity: "success", text: "Gestoor." },
          { severity: "error", text: "Bediener af" },
        ]}
      />,
    );
    await user.click(screen.getByRole("button", { name: "notice 0" }));
    const saved = await screen.findByText("Gestoor.");
    expect(saved.closest(".MuiSnackbar-root")).toHaveClass("MuiSnackbar-anchorOriginBottomRight");
    expect(saved.closest(".MuiAlert-root")).toHaveClass("MuiAlert-colorSuccess");

    await user.click(screen.getByRole("button", { name: "notice 1" }));
    const failed = await screen.findByText("Bediener af");
    expect(failed.closest(".MuiAlert-root")).toHaveClass("MuiAlert-colorError");
    expect(screen.queryByText("Gestoor.")).not.toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Sluit" }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText("Bediener af")).not.toBeInTheDocument();
  });

  it("reads a text given as a function again when the language changes", async () => {
    const { user } = renderWithApp(
      <Notifier notices={[{ severity: "success", text: () => i18n.t("screens.settings.saved") }]} />,
    );
    await user.click(screen.getByRole("button", { name: "notice 0" }));
    expect(await screen.findByText("Persoonlike instellings is gestoor.")).toBeInTheDocument();
    await act(() => applyLanguage("en"));
    expect(await screen.findByText("Personal settings saved.")).toBeInTheDocument();
    await act(() => applyLanguage("af"));
  });

  it("gives way to a dialog opened after it, which it would cover, but not to a tooltip", async () => {
    const { user } = renderWithApp(<NoticeThenDialog />);
    await user.click(screen.getByRole("button", { name: "skep" }));
    expect(await screen.findByText("Spyskaart geskep.")).toBeInTheDocument();

    await user.hover(screen.getByRole("button", { name: "Voeg by" }));
    expect(await screen.findByRole("tooltip")).toBeInTheDocument();
    expect(screen.getByText("Spyskaart geskep.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Voeg by" }));
    expect(await screen.findByRole("dialog", { name: "Voeg 'n item by" })).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText("Spyskaart geskep.")).not.toBeInTheDocument();
  });

  it("shows a notice given while a dialog is open at the top, clear of the dialog's buttons", async () => {
    const { user } = renderWithApp(<DialogThatNotifies />);
    await user.click(await screen.findByRole("button", { name: "kanselleer" }));
    const notice = await screen.findByText("Bestelling gekanselleer.");
    expect(notice.closest(".MuiSnackbar-root")).toHaveClass("MuiSnackbar-anchorOriginTopCenter");
  });

  it("shows a notice given as its dialog closes at the bottom, clear of the top bar, not over where the dialog was", async () => {
    const { user } = renderWithApp(<DialogThatClosesWithNotice />);
    await user.click(await screen.findByRole("button", { name: "bestel" }));
    const notice = await screen.findByText("Jou bestelling is geplaas.");
    expect(notice.closest(".MuiSnackbar-root")).toHaveClass("MuiSnackbar-anchorOriginBottomRight");
  });
});
