// One request to the JSON API, and what its failure means for a change kept on the
// phone (outbox.js): send it again later, sign in first, or refused for good.
import { timing } from "./outbox-store.js";

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

/// Sends one request now. A failure is an Error with `status`, `code`, `field` and how
/// to treat it: `temporary` (send again later, after `retryAfter` seconds if the server
/// said; `network` when no answer came, `unknown` when the server may have done it),
/// `signIn` (sign in again first), or neither (refused for good).
export async function request(method, url, body) {
  const offline = !navigator.onLine;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken(), Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      // A request left hanging (a connection that died without a word) would hold up
      // the whole queue: given up after this, it counts as no connection.
      signal: AbortSignal.timeout?.(timing.requestTimeoutMs),
    });
  } catch {
    // Sent while the phone had a network: it may have reached the server.
    throw Object.assign(new Error("No connection: try again with signal."), { temporary: true, network: true, unknown: !offline });
  }
  let text = "";
  try { text = await response.text(); } catch { /* the connection broke halfway: no answer */ }
  const isJSON = (response.headers.get("Content-Type") ?? "").includes("application/json");
  let data = null;
  try { data = isJSON && text ? JSON.parse(text) : null; } catch { /* cut short */ }
  if (response.ok && (data !== null || text === "")) return data;
  throw failure(response, data);
}

function failure(response, data) {
  const status = response.status;
  const server = typeof data?.error?.message === "string";
  const error = new Error(server ? data.error.message : `No answer from the server (${status}); your change is kept and sent again.`);
  Object.assign(error, { status, code: data?.error?.code, field: data?.error?.field, retryAfter: retryAfter(response) });
  // The server's own words say what it did (a 503 or 429 changed nothing); another
  // page (a proxy's 502 or 504) cannot say whether the server had it.
  if (!server || status >= 500 || status === 408 || status === 429) Object.assign(error, { temporary: true, unknown: !server });
  else if (status === 401 || (status === 403 && error.code === "csrf")) error.signIn = true;
  return error;
}

/// Retry-After in seconds (a number or an HTTP date), or null.
function retryAfter(response) {
  const value = response.headers.get("Retry-After");
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}
