/**
 * Path data in its shortest exact form: the generator rounds every point to an integer and
 * writes absolute commands (M L Q C Z); `toRelative` rewrites them as relative ones (m l q c z),
 * whose small deltas take fewer digits, a command letter written once for a run of the same
 * command. `toAbsolute` reads either back as absolute commands, for checks.
 */

const ARITY: Readonly<Record<string, number>> = { M: 2, L: 2, Q: 4, C: 6, Z: 0 };

interface Command {
  readonly op: "M" | "L" | "Q" | "C" | "Z";
  readonly args: readonly number[];
}

/** Reads path data (absolute or relative M L Q C Z, integers) as absolute commands. */
export function toAbsolute(d: string): Command[] {
  const tokens = d.match(/[MLQCZmlqcz]|-?\d+/g) ?? [];
  const out: Command[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let op = "";
  let i = 0;
  while (i < tokens.length) {
    if (/^[A-Za-z]$/.test(tokens[i]!)) op = tokens[i++]!;
    else if (op === "M") op = "L";
    else if (op === "m") op = "l";
    else if (op === "" || op.toUpperCase() === "Z")
      throw new Error(`a number without a command in "${d}"`);
    const upper = op.toUpperCase() as Command["op"];
    const arity = ARITY[upper];
    if (arity === undefined) throw new Error(`unexpected "${op}"`);
    if (upper === "Z") {
      out.push({ op: "Z", args: [] });
      x = startX;
      y = startY;
      continue;
    }
    const raw = tokens.slice(i, i + arity).map(Number);
    if (raw.length !== arity || raw.some((v) => !Number.isInteger(v)))
      throw new Error(`"${op}" needs ${arity} integers in "${d}"`);
    i += arity;
    const relative = op !== upper;
    const args = raw.map((v, k) => (relative ? v + (k % 2 === 0 ? x : y) : v));
    out.push({ op: upper, args });
    x = args[arity - 2]!;
    y = args[arity - 1]!;
    if (upper === "M") {
      startX = x;
      startY = y;
    }
  }
  return out;
}

/** Writes commands as absolute path data (the generator's form). */
export function absoluteText(commands: readonly Command[]): string {
  return commands.map((c) => c.op + numbers(c.args)).join("");
}

/** The same path as relative commands: the same points, fewer characters. */
export function toRelative(d: string): string {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let last = "";
  let out = "";
  for (const c of toAbsolute(d)) {
    if (c.op === "Z") {
      out += "z";
      last = "z";
      x = startX;
      y = startY;
      continue;
    }
    const deltas = c.args.map((v, k) => v - (k % 2 === 0 ? x : y));
    const op = c.op.toLowerCase();
    const text = numbers(deltas);
    // A run of the same command writes its letter once (never after a move, whose further
    // pairs would be lines).
    if (op === last && op !== "m") out += text.startsWith("-") ? text : ` ${text}`;
    else out += op + text;
    last = op;
    x = c.args[c.args.length - 2]!;
    y = c.args[c.args.length - 1]!;
    if (c.op === "M") {
      startX = x;
      startY = y;
    }
  }
  return out;
}

/** Numbers as path data writes them: a space between two, none before a minus sign. */
function numbers(values: readonly number[]): string {
  return values.map((v, i) => (i > 0 && v >= 0 ? ` ${v}` : `${v}`)).join("");
}
