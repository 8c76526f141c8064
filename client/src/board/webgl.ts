/**
 * The WebGL renderer, for a page that asks for it (`?renderer=webgl`). A module of its own so
 * that its code is fetched only by such a page.
 */
import { type Renderer, type WebGLOptions, WebGLRenderer } from "pixi.js";

export async function createWebGLRenderer(
  options: Partial<WebGLOptions>,
): Promise<Renderer> {
  const renderer = new WebGLRenderer();
  await renderer.init(options);
  return renderer as unknown as Renderer;
}
