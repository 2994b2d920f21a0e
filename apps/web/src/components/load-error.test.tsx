import { describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../test/test-utils";
import { LoadError } from "./load-error";

describe("LoadError", () => {
  it("says why the data did not load and loads again on 'Probeer Weer'", async () => {
    const onRetry = vi.fn();
    const { user } = renderWithApp(<LoadError error={new Error("Bediener af")} onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Bediener af");
    await user.click(screen.getByRole("button", { name: "Probeer Weer" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Sluit" })).not.toBeInTheDocument();
  });

  it("falls back to 'Fout met data oplaai', and offers 'Sluit' with a title where asked", async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <LoadError error={null} title="Fout met Paneelborddata" onRetry={() => {}} onClose={onClose} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Fout met PaneelborddataFout met data oplaai");
    await user.click(screen.getByRole("button", { name: "Sluit" }));
    expect(onClose).toHaveBeenCalled();
  });
});
