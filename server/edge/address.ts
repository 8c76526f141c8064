/**
 * Whose request is this: the address of the socket, unless the server runs behind proxies it
 * was told to trust (`TRUST_PROXY`), and then the address the nearest trusted proxy saw, read
 * from `X-Forwarded-For` (only the hops the trusted proxies added; what the client wrote there
 * itself is never believed). The limits per address count by this.
 */
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

export type Trust = (address: string, hop: number) => boolean;

const TRUST_NONE: Trust = () => false;

/**
 * `TRUST_PROXY`: empty or `false` (the default) trusts no proxy; a whole number trusts that
 * many hops in front of the server; otherwise a comma-separated list of addresses, subnets
 * (`10.0.0.0/8`) or the names `loopback`, `linklocal`, `uniquelocal` (as Express reads it).
 */
export function parseTrustProxy(value: string | undefined): Trust {
  const v = (value ?? "").trim();
  if (v === "" || v === "false") return TRUST_NONE;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (v === "true")
    throw new Error("TRUST_PROXY=true would believe any client; name the proxies or a hop count");
  try {
    return proxyaddr.compile(v.split(",").map((x) => x.trim()));
  } catch (e) {
    throw new Error(`TRUST_PROXY: ${(e as Error).message}`);
  }
}

/** The client's address for a request, as the trusted proxies (if any) tell it. */
export function clientAddress(req: IncomingMessage, trust: Trust): string {
  try {
    return proxyaddr(req as never, trust);
  } catch {
    return req.socket.remoteAddress ?? "";
  }
}
