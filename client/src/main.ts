/**
 * The client's start-up: the language, the page frame and the navigation between screens
 * (app/), which shows the page the address names.
 */
import "./style.css";
import { PageFrame } from "./app/frame";
import { Navigation } from "./app/navigation";
import { getSetting } from "./device/storage";
import { initLang, langReady, onLangChange } from "./i18n";
import { useDevanagari } from "./i18n/devanagari";

initLang();
const root = document.querySelector<HTMLElement>("#app")!;
const navigation: Navigation = new Navigation(
  new PageFrame(
    root,
    () => void navigation.goHome(),
    (path) => navigation.go(path),
  ),
);
window.addEventListener("popstate", () => navigation.back());
window.addEventListener("keydown", (e) => navigation.handleKey(e));
onLangChange(() => navigation.relanguage());
// A page in Hindi waits for its font (a moment, and only the first time); so does a page in
// any language on a device whose remembered name is written in Devanagari: text drawn before
// the font is here can keep, in Chromium, the boxes it was first drawn with.
const devanagariName = /[\u0900-\u097F]/.test(getSetting("name") ?? "");
void Promise.all([langReady(), devanagariName ? useDevanagari() : null]).then(() =>
  navigation.route(),
);
