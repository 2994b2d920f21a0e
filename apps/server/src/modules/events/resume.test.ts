import { describe, expect, it } from "vitest";
import { resumingStream } from "./resume";

const change = (id: number, userId = "u1") => ({ id, userId, data: `{"n":${id}}` });

/** The stream's messages as `event id` pairs, in the order written. */
function recorded() {
  const chunks: string[] = [];
  const messages = () =>
    chunks.map((chunk) => {
      const id = /^id: (\d+)$/m.exec(chunk)?.[1];
      const event = /^event: (\w+)$/m.exec(chunk)?.[1];
      return `${event} ${id}`;
    });
  return { write: (chunk: string) => chunks.push(chunk), messages };
}

describe("a stream's switch from the kept events to live ones", () => {
  it("holds live changes until the start, then sends only those after what was read", () => {
    const out = recorded();
    const stream = resumingStream(out.write, undefined);
    // 6 and 7 commit while the stream reads: 6 is in what it read, 7 is not.
    stream.live(change(6));
    stream.live(change(7));
    expect(out.messages()).toEqual([]);
    stream.start({ kind: "replay", last: 6, events: [5, 6].map((id) => ({ id, data: "{}" })) });
    stream.live(change(7)); // a repeat (say, from the hub) is not sent twice
    stream.live(change(8));
    expect(out.messages()).toEqual(["order 5", "order 6", "ready 6", "order 7", "order 8"]);
  });

  it("after `reload`, goes on from the newest number", () => {
    const out = recorded();
    const stream = resumingStream(out.write, undefined);
    stream.live(change(40));
    stream.live(change(41));
    stream.start({ kind: "reload", last: 40 });
    expect(out.messages()).toEqual(["reload 40", "order 41"]);
  });

  it("sends a customer's stream their own orders only, held or live", () => {
    const out = recorded();
    const stream = resumingStream(out.write, "me");
    stream.live(change(3, "them"));
    stream.live(change(4, "me"));
    stream.start({ kind: "replay", last: 2, events: [] });
    stream.live(change(5, "them"));
    stream.live(change(6, "me"));
    expect(out.messages()).toEqual(["ready 2", "order 4", "order 6"]);
  });
});
