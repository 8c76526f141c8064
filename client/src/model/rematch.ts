/**
 * The next game at the same table, by consent: after a result a person asks, the others
 * seated agree or decline (declining gives up the seat), and the next game starts once all
 * agreed. What that means for this person now.
 */
import type { TableView } from "../../../shared/protocol/views";
import { type Me, seatName } from "./facts";

export type Rematch =
  /** Nobody asked yet; `others`: other people are seated, so asking waits for them. */
  | { readonly kind: "none"; readonly canAsk: boolean; readonly others: boolean }
  /**
   * `asker` asked; `waitingFor` are the names of those who have not agreed yet; `answer`:
   * this person is asked and has not answered; `agreed`: this person asked or agreed;
   * `freeSeat`: everyone agreed, but a seat someone gave up is free at a table with a host —
   * someone may sit in it, or someone who agreed asks again to play on with a CPU there.
   */
  | {
      readonly kind: "asked";
      readonly asker: string;
      readonly mine: boolean;
      readonly waitingFor: readonly string[];
      readonly answer: boolean;
      readonly agreed: boolean;
      readonly freeSeat: boolean;
    };

/** The next game as this person sees it; null while no game is finished. */
export function rematchOf(
  s: Pick<TableView, "mode" | "phase" | "offer" | "seats">,
  me: Me,
): Rematch | null {
  if (s.phase !== "finished") return null;
  const offer = s.offer;
  if (offer?.kind !== "rematch") {
    const others = s.seats.some((x) => x.kind === "human" && x.player !== me.player);
    return { kind: "none", canAsk: me.seats.length > 0, others };
  }
  const needed = Array.from(offer.needed);
  const agreed = Array.from(offer.agreed);
  const missing = needed.filter((seat) => !agreed.includes(seat));
  const answer = missing.some((seat) => me.seats.includes(seat));
  const mine = me.seats.includes(offer.seat);
  return {
    kind: "asked",
    asker: seatName(s, offer.seat),
    mine,
    waitingFor: [...new Set(missing.map((seat) => seatName(s, seat)))],
    answer,
    agreed: !answer && (mine || agreed.some((seat) => me.seats.includes(seat))),
    freeSeat: missing.length === 0 && s.mode !== "quick" && s.seats.some((x) => x.kind === "open"),
  };
}
