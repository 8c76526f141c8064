/**
 * The client's start-up: the language, the page frame and the navigation between screens
 * (app/), which shows the page the address names.
 */
import "./style.css";
import { PageFrame } from "./app/frame";
import { Navigation } from "./app/navigation";
import { initLang, langReady, onLangChange } from "./i18n";

initLang();
const root = document.querySelector<HTMLElement>("#app")!;
const navigation: Navigation = new Navigation(new PageFrame(root, () => void navigation.goHome()));
window.addEventListener("popstate", () => navigation.back());
window.addEventListener("keydown", (e) => navigation.handleKey(e));
onLangChange(() => navigation.relanguage());
// A page in Hindi waits for its font (a moment, and only the first time).
void langReady().then(() => navigation.route());
