// The outbox: every change to a workout is a request kept in localStorage until
// the server acknowledges it, sent strictly in order. Without signal the page
// keeps working and the count of waiting changes shows; when the connection
// returns, the queue drains. Requests are idempotent (ids made here), so a
// request that reached the server but whose answer was lost is safe to resend.

const KEY = "spotter.outbox";
const listeners = new Set();
let flushing = false;

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

function save(queue) {
  localStorage.setItem(KEY, JSON.stringify(queue));
  for (const listener of listeners) listener(queue.length);
}

export function pending() {
  return load();
}

export function onChange(listener) {
  listeners.add(listener);
  listener(load().length);
}

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

/// Sends one request now, outside the queue (reads, and actions that need the answer).
export async function request(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken(), Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = new Error(data?.error?.message ?? `The server answered ${response.status}.`);
    error.status = response.status;
    error.field = data?.error?.field;
    throw error;
  }
  return data;
}

/// Queues a change and starts sending, unless `send` is false (a page about to be
/// left: the next page sends it). `handler` names what to do with the answer.
export function enqueue(method, url, body, handler, { send = true } = {}) {
  const queue = load();
  queue.push({ method, url, body, handler, queuedAt: new Date().toISOString() });
  save(queue);
  if (send) flush();
}

const handlers = new Map();
export function handle(name, fn) { handlers.set(name, fn); }

const TEMPORARY = new Set([429, 502, 503, 504]);

/// Sends queued changes in order until one fails for lack of a connection.
export async function flush() {
  if (flushing) return;
  flushing = true;
  try {
    for (;;) {
      const queue = load();
      if (queue.length === 0) break;
      const item = queue[0];
      try {
        const data = await request(item.method, item.url, item.body);
        handlers.get(item.handler)?.(data, item);
      } catch (error) {
        // Offline, or the server is busy for a moment (503 with Retry-After, a proxy's
        // 502/504, 429): keep it and try again later, in order.
        if (error.status === undefined || TEMPORARY.has(error.status)) break;
        // The server refused it (bad input, gone): it will never succeed, so it
        // leaves the queue and the page is told why.
        handlers.get("rejected")?.(error, item);
      }
      const rest = load();
      rest.shift();
      save(rest);
    }
  } finally {
    flushing = false;
  }
}

addEventListener("online", () => flush());
setInterval(() => { if (load().length) flush(); }, 5000);
