/**
 * Coming back to a table after the connection dropped, for as long as the page is open: a try
 * after each pause (0.1 s, doubling, at most 5 s), and what to tell the person meanwhile. A
 * dropped network, a server restart and a table not yet reopened after one all look alike from
 * here, so the policy never gives up; it only changes its words. The clock, the pauses and the
 * tries are handed in, so that the policy runs in tests without timers or a server.
 */

export const RETRY = {
  /** The first pause, doubled after each failed try… */
  firstMs: 100,
  /** …up to this. */
  maxMs: 5000,
  /** Failed tries for this long mean more than a blip: the server is restarting. */
  restartAfterMs: 3000,
  /** The server said the table does not exist for this long: offer the way back to the lobby. */
  missingForMs: 120_000,
} as const;

/** Colyseus' matchmaking error for a room id it does not know (`MATCHMAKE_INVALID_ROOM_ID`). */
export const ROOM_NOT_FOUND = 4212;

/**
 * Why a try failed: the server answered that the table is not there (`missing`), or the server
 * could not be reached or refused for another reason (`failed`; a restarting server, a network
 * that is gone, a table still locked by a server that is stopping).
 */
export type TryFailure = "missing" | "failed";
export type TryOutcome = "joined" | TryFailure;

/** Reads a failed join's error (colyseus.js `ServerError` / `MatchMakeError`: code, message). */
export function failureOf(error: unknown): TryFailure {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === "string" ? e.message : "";
  if (e?.code === ROOM_NOT_FOUND && !/locked/i.test(message)) return "missing";
  return "failed";
}

/**
 * The pause before try number `attempt` (0 first): the schedule's, from half to one and a half
 * times it by `random` (0 to 1; 0.5 is the schedule itself). A server that restarts drops every
 * browser at once; without the spread they would all come back in the same instant.
 */
export function retryDelay(attempt: number, random = 0.5): number {
  const base = Math.min(RETRY.maxMs, RETRY.firstMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.5 + random));
}

/** What has happened since the connection dropped. */
export interface Recovery {
  /** When the connection dropped (ms). */
  readonly since: number;
  /** The server said it is restarting (its `closing` message). */
  readonly announced: boolean;
  readonly tries: number;
  /** Since when every try has been answered "no such table" (null: the last one was not). */
  readonly missingSince: number | null;
}

export function startRecovery(now: number, announced: boolean): Recovery {
  return { since: now, announced, tries: 0, missingSince: null };
}

export function afterFailure(r: Recovery, failure: TryFailure, now: number): Recovery {
  return {
    ...r,
    tries: r.tries + 1,
    missingSince: failure === "missing" ? (r.missingSince ?? now) : null,
  };
}

/** What the page tells the person while it tries to come back. */
export interface ReconnectingNotice {
  readonly state: "reconnecting";
  /** A restart rather than a blip: said by the server, or tries failing for a while. */
  readonly restarting: boolean;
  /** The table has been missing for long: offer the way back to the lobby (tries go on). */
  readonly offerLobby: boolean;
  /** This device holds a seat at the table (else it watches). */
  readonly seated: boolean;
  readonly tries: number;
}

/** What the page tells the person about the connection. */
export type ConnectionNotice = { readonly state: "connected" } | ReconnectingNotice;

export function noticeOf(r: Recovery, now: number, seated: boolean): ReconnectingNotice {
  return {
    state: "reconnecting",
    restarting: r.announced || now - r.since >= RETRY.restartAfterMs,
    offerLobby: r.missingSince !== null && now - r.missingSince >= RETRY.missingForMs,
    seated,
    tries: r.tries,
  };
}

export interface RecoveryDeps {
  /** One try at coming back: the reconnection token, then the seat token or as a spectator. */
  attempt(): Promise<TryOutcome>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** A number from 0 to 1 (Math.random): where each pause falls in its spread. */
  random(): number;
  /** The person left the table (or the page): stop trying. */
  stopped(): boolean;
  /** Whether this device holds a seat at the table (asked before each notice). */
  seated(): boolean;
  notify(notice: ConnectionNotice): void;
}

/**
 * Tries until back or stopped; true when back. The notice is given again before each pause, so
 * it follows every failed try; "connected" is the caller's to tell once it has the table back.
 */
export async function recover(deps: RecoveryDeps, announced: boolean): Promise<boolean> {
  let r = startRecovery(deps.now(), announced);
  for (let attempt = 0; !deps.stopped(); attempt++) {
    deps.notify(noticeOf(r, deps.now(), deps.seated()));
    await deps.sleep(retryDelay(attempt, deps.random()));
    if (deps.stopped()) break;
    const outcome = await deps.attempt();
    if (outcome === "joined") return true;
    r = afterFailure(r, outcome, deps.now());
  }
  return false;
}
