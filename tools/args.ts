/** Command-line parsing shared by the tools: `--key value` pairs and bare `--flag`s. */
export type Args = Readonly<Record<string, string | true>>;

export function parseArgs(argv: readonly string[]): Args {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) throw new Error(`unexpected argument "${a}"`);
    const key = a.slice(2);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) out[key] = true;
    else {
      out[key] = next;
      i++;
    }
  }
  return out;
}

export function stringArg(args: Args, key: string): string | undefined {
  const v = args[key];
  return typeof v === "string" ? v : undefined;
}

/** Space-separated move list, empty when absent. */
export function movesArg(args: Args): string[] {
  return (stringArg(args, "moves") ?? "").split(/\s+/).filter((m) => m !== "");
}

/** What a game offers the perft and play tools. */
export interface GameCli {
  /** Counts legal move paths; `divide` lists each root move with its count. */
  perft(args: Args, depth: number): { divide: [string, number][]; total: number };
  /** Plays `--moves` and describes the result as JSON, or fails with a reason (exit 2). */
  play(args: Args): { ok: true; json: unknown } | { ok: false; reason: string };
}

export class UsageError extends Error {}
