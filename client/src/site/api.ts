/**
 * The site's feedback and recommendation routes (shared/protocol/site.ts), as the client calls
 * them. A refusal comes back as a value: its HTTP status and the server's `{code, message}`,
 * for the page to put in its reader's words.
 */
import type { AnyParams } from "../../../shared/core/errors";
import type {
  DeskChange,
  DeskItem,
  FeedbackItem,
  FeedbackPost,
  Recommendations,
  RecommendPost,
} from "../../../shared/protocol/site";

export interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly params?: AnyParams;
}

export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly refusal: Refusal };

async function call<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (e) {
    // Offline, or the server is down: status 0.
    return { ok: false, refusal: { status: 0, code: "", message: String(e) } };
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) return { ok: true, value: body as T };
  return {
    ok: false,
    refusal: {
      status: res.status,
      code: typeof body?.code === "string" ? body.code : "",
      message: typeof body?.message === "string" ? body.message : res.statusText,
      ...(body?.params ? { params: body.params as AnyParams } : {}),
    },
  };
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const bearer = (password: string) => ({ authorization: `Bearer ${password}` });

export const sendFeedback = (post: FeedbackPost) =>
  call<{ id: string }>("/api/feedback", json(post));

export const publishedFeedback = (game: string | null) =>
  call<{ items: FeedbackItem[] }>(
    `/api/feedback${game ? `?game=${encodeURIComponent(game)}` : ""}`,
  );

/** The desk's messages; without a password, whether this server has a desk (404 if not, else 401). */
export const deskItems = (password: string) =>
  call<{ items: DeskItem[] }>("/api/feedback/desk", password ? { headers: bearer(password) } : {});

export const changeDeskItem = (password: string, id: string, change: DeskChange) =>
  call<DeskItem>(`/api/feedback/desk/${encodeURIComponent(id)}`, json(change, bearer(password)));

export const sendRecommendation = (post: RecommendPost) =>
  call<{ ok: true }>("/api/recommend", json(post));

export const recommendations = () => call<Recommendations>("/api/recommendations");
