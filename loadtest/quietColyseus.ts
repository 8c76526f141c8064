/**
 * colyseus.js prints a line for every failed join and closed connection; a process with
 * thousands of clients counts them (in its report) instead of printing them.
 */
export function quietColyseus(): void {
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    const first = String(args[0]);
    if (
      /^(colyseus\.js - onError|Room connection was closed unexpectedly|Room, onError)/.test(first)
    )
      return;
    warn(...args);
  };
}
