/**
 * Icons as inline SVG shipped in the bundle (Lucide), so they show on every device whatever
 * fonts it has; each is decorative, the button or text beside it carries the meaning.
 */
import { Bot, Clock, createElement, type IconNode, Plus, Users, Volume2, VolumeX } from "lucide";

/** Every icon by name; the table's come with it (tableIcons.ts, `addIcons`). */
export type IconName =
  | "back"
  | "cpu"
  | "first"
  | "prev"
  | "next"
  | "last"
  | "copy"
  | "watch"
  | "resign"
  | "draw"
  | "hint"
  | "leave"
  | "talk"
  | "talkOff"
  | "play"
  | "pause"
  | "again"
  | "rotate"
  | "takeback"
  | "soundOn"
  | "soundOff"
  | "create"
  | "people"
  | "clock"
  | "download"
  | "rules";

/** The page's and the lobby's icons; the table adds its own. */
const ICONS: Partial<Record<IconName, IconNode>> = {
  cpu: Bot,
  soundOn: Volume2,
  soundOff: VolumeX,
  create: Plus,
  people: Users,
  clock: Clock,
};

export function addIcons(more: Readonly<Partial<Record<IconName, IconNode>>>): void {
  Object.assign(ICONS, more);
}

export function icon(name: IconName, size = 18): SVGElement {
  // An icon not here yet draws nothing (its text still says what the button does).
  const svg = createElement(ICONS[name] ?? [], {
    width: size,
    height: size,
    "aria-hidden": "true",
    focusable: "false",
    class: "icon",
  });
  return svg;
}

/** The seat's shape (● ▲ ■ ◆) drawn as SVG, for colour-blind players. */
export function seatShape(seat: number, color: string, size = 14): SVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "shape");
  const shape =
    seat === 0
      ? `<circle r="8"/>`
      : seat === 1
        ? `<path d="M0 -9 L9 7 L-9 7 Z"/>`
        : seat === 2
          ? `<rect x="-7.5" y="-7.5" width="15" height="15"/>`
          : `<path d="M0 -9.5 L9.5 0 L0 9.5 L-9.5 0 Z"/>`;
  svg.innerHTML = shape;
  svg.setAttribute("fill", color);
  return svg;
}
