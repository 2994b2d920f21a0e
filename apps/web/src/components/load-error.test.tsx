import { describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../test/test-utils";
import { LoadError } from "./load-error";

describe("LoadError", () => {
  it("says why the data did not load and loads again on 'Probeer weer'", async () => {
    const onRetry = vi.fn();
    const { user } = renderWithApp(<LoadError error={new Error("Bediener af")} onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Bediener af");
    await user.click(screen.getByRole("button", { name: "Probeer weer" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Sluit" })).not.toBeInTheDocument();
  });

  it("falls back to 'Kon nie die data laai nie', and offers 'Sluit' with a title where asked", async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <LoadError
        error={null}
        title="Kon nie die paneelbord se data laai nie"
        onRetry={() => {}}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Kon nie die paneelbord se data laai nieKon nie die data laai nie",
    );
    await user.click(screen.getByRole("button", { name: "Sluit" }));
    expect(onClose).toHaveBeenCalled();
  });
});
