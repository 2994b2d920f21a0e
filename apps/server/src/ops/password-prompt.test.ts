import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { passwordPrompt } from "./password-prompt";

/** A terminal as Node gives it: a stream that says it is a TTY and can be put in raw mode. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    raw: [] as boolean[],
    setRawMode(raw: boolean) {
      input.raw.push(raw);
      return input;
    },
  });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
  });
  return { input, output, shown: () => shown };
}

describe("the password prompt", () => {
  it("reads a password from the terminal without showing it, Backspace included, and leaves raw mode", async () => {
    const { input, output, shown } = terminal();
    const asked = passwordPrompt(input, output).ask("Password: ");
    input.write("gehx");
    input.write("\u007f");
    input.write("eim 1\r");
    expect(await asked).toBe("geheim 1");
    expect(shown()).toBe("Password: \n");
    expect(input.raw).toEqual([true, false]);
  });

  it("gives up on Ctrl-C", async () => {
    const { input, output } = terminal();
    const asked = passwordPrompt(input, output).ask("Password: ");
    input.write("geh\u0003");
    await expect(asked).rejects.toThrow("cancelled: no admin was created");
    expect(input.raw).toEqual([true, false]);
  });

  it("reads one line per question from a pipe", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const prompt = passwordPrompt(input, output);
    input.end("eerste\ntweede\n");
    expect(await prompt.ask("1: ")).toBe("eerste");
    expect(await prompt.ask("2: ")).toBe("tweede");
    await expect(prompt.ask("3: ")).rejects.toThrow("no password given (the input ended)");
    prompt.close();
  });
});
