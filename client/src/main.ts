import { FourChess } from "../../shared/games/fourchess";

// The lobby and the board arrive with the client; until then the page shows that the server
// and the shared rules are up, and how many moves Red has at the start (20).
const app = document.querySelector<HTMLElement>("#app");
if (app) {
  const moves = FourChess.start({ format: "teams" }).legalMoves().length;
  app.innerHTML = `<h1>Crossboard</h1>
<p>Four-player chess and xiangqi in the browser. The game server is running.</p>
<p>Rules engine loaded: Red has ${moves} legal moves at the start of four-player chess.</p>`;
}
