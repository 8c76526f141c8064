/** Runs `writer.ts` in a child process and kills it with SIGKILL once its writes are flushed. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { StoreChoice } from "../../server/store/index";

const WRITER = fileURLToPath(new URL("./writer.ts", import.meta.url));

export function writeThenKill(choice: StoreChoice, actions: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", WRITER, JSON.stringify(choice), String(actions)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    let killed = false;
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!killed && out.includes("flushed\n")) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (killed && signal === "SIGKILL") resolve();
      else reject(new Error(`writer exited (${code ?? signal}) before it flushed:\n${err}${out}`));
    });
  });
}
