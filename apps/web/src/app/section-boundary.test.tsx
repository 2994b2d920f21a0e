import { describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../test/test-utils";
import { SectionBoundary } from "./section-boundary";

describe("SectionBoundary", () => {
  it("shows the error fallback when its section fails, and 'Probeer weer' shows the section again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    window.sessionStorage.setItem("kantien:throw", "kitchen");
    const { user } = renderWithApp(
      <SectionBoundary section="kitchen">
        <p>Die kombuis se inhoud</p>
      </SectionBoundary>,
    );

    expect(screen.getByRole("heading", { name: "Oeps! Iets het verkeerd gegaan" })).toBeInTheDocument();
    expect(
      screen.getByText("Daar was 'n fout met die laai van hierdie data. Probeer asseblief weer."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Herlaai die bladsy" })).toBeInTheDocument();
    expect(screen.queryByText("Die kombuis se inhoud")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Probeer weer" }));

    expect(screen.getByText("Die kombuis se inhoud")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Oeps! Iets het verkeerd gegaan" })).not.toBeInTheDocument();
  });

  it("leaves other sections alone", () => {
    window.sessionStorage.setItem("kantien:throw", "kitchen");
    renderWithApp(
      <SectionBoundary section="dashboard">
        <p>Paneelbord inhoud</p>
      </SectionBoundary>,
    );
    expect(screen.getByText("Paneelbord inhoud")).toBeInTheDocument();
  });
});
