import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { act, render, screen } from "../test/test-utils";
import { type AddressState, oneOfParam, textParam, useAddressState } from "./list-params";

type Shown = { sheet: "prep" | "labels"; order: string | null };

let state: AddressState<Shown>;
let goBack: () => void;

function Probe({ push }: { push?: boolean }) {
  state = useAddressState<Shown>(
    { sheet: oneOfParam(["prep", "labels"], "prep"), order: textParam },
    { push },
  );
  const navigate = useNavigate();
  goBack = () => void navigate(-1);
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

function renderAt(entries: string[], push?: boolean) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Probe push={push} />
    </MemoryRouter>,
  );
}

const address = () => screen.getByRole("status", { name: "address" }).textContent;

describe("useAddressState", () => {
  it("reads a missing or malformed parameter as its default", () => {
    renderAt(["/print?sheet=poster"]);
    expect(state.params).toEqual({ sheet: "prep", order: null });
  });

  it("writes only the parameters it is given, leaves the others, and drops an empty one", () => {
    renderAt(["/orders?q=thandi&order=o-1"]);
    expect(state.params).toEqual({ sheet: "prep", order: "o-1" });

    act(() => state.change({ sheet: "labels" }));
    expect(address()).toBe("/orders?q=thandi&order=o-1&sheet=labels");
    expect(state.params.sheet).toBe("labels");

    act(() => state.change({ order: null }));
    expect(address()).toBe("/orders?q=thandi&sheet=labels");
    act(() => state.change({ order: "" }));
    expect(address()).toBe("/orders?q=thandi&sheet=labels");
  });

  it("replaces the history entry by default: the back button leaves the screen", () => {
    renderAt(["/start", "/orders"]);
    act(() => state.change({ sheet: "labels" }));
    act(() => goBack());
    expect(address()).toBe("/start");
  });

  it("pushes a step the back button undoes when asked", () => {
    renderAt(["/start", "/orders"], true);
    act(() => state.change({ order: "o-2" }));
    expect(address()).toBe("/orders?order=o-2");
    act(() => goBack());
    expect(address()).toBe("/orders");
  });

  it("builds a change on the last one written, though the screen does not show it yet", () => {
    renderAt(["/orders?order=a", "/orders?order=o"]);
    // Two clicks before a render: both handlers hold the state of the screen as it was.
    const onScreen = state;
    act(() => {
      onScreen.change(({ order }) => ({ order: `${order}+1` }));
      onScreen.change(({ order }) => ({ order: `${order}+1` }));
    });
    expect(address()).toBe(`/orders?${new URLSearchParams({ order: "o+1+1" })}`);

    // The back button is not a change of ours: the next one builds on where it went.
    act(() => goBack());
    expect(address()).toBe("/orders?order=a");
    act(() => state.change(({ order }) => ({ order: `${order}!` })));
    expect(address()).toBe(`/orders?${new URLSearchParams({ order: "a!" })}`);
  });
});
