import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import { ThemeProvider } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { render, screen } from "../test/test-utils";
import { createAppTheme } from "./theme";

describe("a dialog's buttons", () => {
  it("are 48 px high in every dialog, as the kitchen's are; a button elsewhere keeps its size", () => {
    render(
      <ThemeProvider theme={createAppTheme("light")}>
        <Button>Buite</Button>
        <Dialog open>
          <DialogContent>
            <Button>Binne</Button>
          </DialogContent>
          <DialogActions>
            <Button>Kanselleer</Button>
            <Button variant="contained">Ken toe</Button>
          </DialogActions>
        </Dialog>
      </ThemeProvider>,
    );
    for (const name of ["Kanselleer", "Ken toe"]) {
      expect(getComputedStyle(screen.getByRole("button", { name })).minHeight).toBe("48px");
    }
    expect(getComputedStyle(screen.getByRole("button", { name: "Binne" })).minHeight).not.toBe("48px");
    expect(getComputedStyle(screen.getByRole("button", { name: "Buite", hidden: true })).minHeight).not.toBe(
      "48px",
    );
  });
});
