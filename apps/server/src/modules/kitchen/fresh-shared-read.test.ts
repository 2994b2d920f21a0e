import { describe, expect, it } from "vitest";
import { freshSharedRead } from "./fresh-shared-read";

/** A read whose answers the test hands out one at a time; each answer says which read it was. */
function controlledRead() {
  const pending: { key: string; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  let reads = 0;
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      reads += 1;
      const n = reads;
      pending.push({ key, answer: () => resolve(`${key}#${n}`), fail: reject });
    });
  const settleNext = async () => {
    pending.shift()!.answer("");
    // Let the waiting requests' continuations run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { read, pending, settleNext, count: () => reads };
}

describe("freshSharedRead", () => {
  it("gives requests that come during a read the next read, started after them, and shares it", async () => {
    const source = controlledRead();
    const day = freshSharedRead(source.read);

    const first = day("2031-05-14");
    const second = day("2031-05-14");
    const third = day("2031-05-14");
    // The second and third came while the first read ran: they wait for one new read.
    expect(source.count()).toBe(1);
    await source.settleNext();
    expect(await first).toBe("2031-05-14#1");
    expect(source.count()).toBe(2);
    await source.settleNext();
    expect(await second).toBe("2031-05-14#2");
    expect(await third).toBe("2031-05-14#2");
  });

  it("reads each key apart, and starts afresh once a key is quiet", async () => {
    const source = controlledRead();
    const day = freshSharedRead(source.read);

    const monday = day("mon");
    const tuesday = day("tue");
    expect(source.count()).toBe(2);
    await source.settleNext();
    await source.settleNext();
    expect([await monday, await tuesday]).toEqual(["mon#1", "tue#2"]);

    const again = day("mon");
    expect(source.count()).toBe(3);
    await source.settleNext();
    expect(await again).toBe("mon#3");
  });

  it("fails only the requests of a failed read; the next read still comes", async () => {
    const source = controlledRead();
    const day = freshSharedRead(source.read);

    const failing = day("mon");
    const waiting = day("mon");
    source.pending.shift()!.fail(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(source.count()).toBe(2);
    await source.settleNext();
    expect(await waiting).toBe("mon#2");
  });
});
