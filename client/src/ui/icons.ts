/**
 * Icons as inline SVG shipped in the bundle (Lucide), so they show on every device whatever
 * fonts it has; each is decorative, the button or text beside it carries the meaning.
 */
import {
  ArrowLeft,
  Bot,
  ChevronFirst,
  ChevronLast,
  ChevronLeft,
  ChevronRight,
  Clock,
  Copy,
  createElement,
  Eye,
  Flag,
  Handshake,
  type IconNode,
  Lightbulb,
  LogOut,
  MessageCircle,
  MessageCircleOff,
  Pause,
  Play,
  Plus,
  RefreshCw,
  RotateCwSquare,
  Undo2,
  Users,
  Volume2,
  VolumeX,
} from "lucide";

const ICONS = {
  back: ArrowLeft,
  cpu: Bot,
  first: ChevronFirst,
  prev: ChevronLeft,
  next: ChevronRight,
  last: ChevronLast,
  copy: Copy,
  watch: Eye,
  resign: Flag,
  draw: Handshake,
  hint: Lightbulb,
  leave: LogOut,
  talk: MessageCircle,
  talkOff: MessageCircleOff,
  play: Play,
  pause: Pause,
  again: RefreshCw,
  rotate: RotateCwSquare,
  takeback: Undo2,
  soundOn: Volume2,
  soundOff: VolumeX,
  create: Plus,
  people: Users,
  clock: Clock,
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof ICONS;

export function icon(name: IconName, size = 18): SVGElement {
  const svg = createElement(ICONS[name], {
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
