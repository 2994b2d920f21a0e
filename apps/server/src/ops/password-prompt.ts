import readline from "node:readline";
import { OpsError } from "./ops-error";

export type AskPassword = (question: string) => Promise<string>;

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Asks for a password on the terminal without showing it (no echo, not even stars), the way
 * `passwd` does; Backspace takes a character back, Ctrl-C and Ctrl-D give up. When the input is
 * no terminal (a pipe, a script), each answer is the next line of it, as typed.
 */
export function passwordPrompt(
  input: Input = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): { ask: AskPassword; close(): void } {
  if (input.isTTY && input.setRawMode) {
    return { ask: (question) => askHidden(question, input, output), close() {} };
  }
  let lines: AsyncIterator<string> | null = null;
  let rl: readline.Interface | null = null;
  return {
    ask: async (question) => {
      output.write(question);
      rl ??= readline.createInterface({ input, terminal: false });
      lines ??= rl[Symbol.asyncIterator]();
      const next = await lines.next();
      output.write("\n");
      if (next.done) throw new OpsError("no password given (the input ended)");
      return next.value;
    },
    close: () => rl?.close(),
  };
}

function askHidden(question: string, input: Input, output: NodeJS.WritableStream): Promise<string> {
  output.write(question);
  input.setRawMode!(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (outcome: () => void) => {
      input.off("data", onData);
      input.setRawMode!(false);
      input.pause();
      output.write("\n");
      outcome();
    };
    const onData = (chunk: string | Buffer) => {
      for (const character of String(chunk)) {
        if (character === "\r" || character === "\n") return finish(() => resolve(typed));
        if (character === "\u0003" || (character === "\u0004" && typed === "")) {
          return finish(() => reject(new OpsError("cancelled: no admin was created")));
        }
        if (character === "\u007f" || character === "\b") typed = [...typed].slice(0, -1).join("");
        else if (character >= " ") typed += character;
      }
    };
    input.on("data", onData);
  });
}
