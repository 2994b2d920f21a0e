import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

/**
 * The cluster test's child processes (Kantien processes and nginx), each in a process group of
 * its own, so a stop reaches nginx's workers too and a Ctrl-C on the terminal reaches the test
 * alone, which then stops them in order. Whatever happens, `killAllNow` runs at exit.
 */
export type Child = { name: string; process: ChildProcess; exited: Promise<number | null> };

const running = new Set<Child>();

export function startChild(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; log: string },
): Child {
  const log = fs.openSync(opts.log, "a");
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(entry);
      resolve(signal ? null : code);
    });
    child.once("error", () => {
      running.delete(entry);
      resolve(null);
    });
  });
  const entry: Child = { name, process: child, exited };
  running.add(entry);
  return entry;
}

function signalGroup(child: Child, signal: NodeJS.Signals) {
  if (child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {}
}

/** SIGKILL, as a crash or the kernel's OOM killer would: nothing in the process runs. */
export async function crash(child: Child) {
  signalGroup(child, "SIGKILL");
  await child.exited;
}

/** Asks for a clean stop, and kills the group if it has not stopped within `graceMs`. */
export async function stop(child: Child, signal: NodeJS.Signals = "SIGTERM", graceMs = 5000) {
  if (!running.has(child)) return;
  signalGroup(child, signal);
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map((child) => stop(child)));
}

/** The last resort at exit (synchronous): every child still running is killed. */
export function killAllNow() {
  for (const child of running) signalGroup(child, "SIGKILL");
}
process.on("exit", killAllNow);
