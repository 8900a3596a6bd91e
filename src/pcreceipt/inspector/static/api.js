// Calls to this server's API (same origin only). In token mode the bearer token lives in the
// module variable below and nowhere else: not in web storage, a cookie or a
// URL. A 401 drops it and asks the page for another (askForToken), then repeats the call.

let token = null;
let askForToken = null;
let asking = null;

/** The page's token prompt: (refused: boolean) => Promise<string>. */
export function setTokenPrompt(prompt) {
  askForToken = prompt;
}

export function usingToken() {
  return token !== null;
}

export class ApiError extends Error {
  /** error: the error envelope's `error` member when the answer had one (code, message, details, request_id). */
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code ?? null;
    this.details = error?.details ?? null;
    this.requestId = error?.request_id ?? null;
  }

  /** The violations the envelope's details carry (422), as given: objects with path, rule and any other member. */
  get violations() {
    const listed = this.details?.violations;
    return Array.isArray(listed) ? listed : [];
  }
}

function url(path, query) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One call; resolves with the parsed JSON body of a 2xx, rejects with an ApiError otherwise. */
export async function call(method, path, { query, body } = {}) {
  for (;;) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(url(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
    if (response.status === 401 && askForToken !== null) {
      // calls refused at the same time (the drill-down reads two things) share one prompt
      if (asking === null) {
        const refused = token !== null;
        token = null;
        asking = askForToken(refused).finally(() => {
          asking = null;
        });
      }
      token = await asking;
      continue;
    }
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error = parsed && typeof parsed === "object" && parsed.error && typeof parsed.error === "object" ? parsed.error : null;
      throw new ApiError(response.status, error);
    }
    return { body: parsed, text };
  }
}

const segment = encodeURIComponent;

export async function listScopes() {
  const scopes = [];
  let cursor = null;
  do {
    const { body } = await call("GET", "/v1/scopes", { query: { limit: 100, cursor } });
    scopes.push(...body.items);
    cursor = body.next_cursor;
  } while (cursor !== null && scopes.length < 1000);
  return scopes;
}

export function prepare(request) {
  return call("POST", "/v1/context/prepare", { body: request });
}

export async function readRevision(scopeId, family, artifactId, revision) {
  const path = `/v1/scopes/${segment(scopeId)}/artifacts/${segment(family)}/${segment(artifactId)}/revisions/${segment(revision)}`;
  return (await call("GET", path)).body;
}

export async function memoryState(scopeId, artifactId) {
  const path = `/v1/scopes/${segment(scopeId)}/artifacts/atomic-memory/${segment(artifactId)}/state`;
  return (await call("GET", path)).body;
}

export async function readCode(evidence) {
  const path = `/v1/scopes/${segment(evidence.scope_id)}/code/${segment(evidence.fingerprint)}/files/${segment(evidence.file_sha256)}`;
  const query = { path: evidence.path, start_line: evidence.start_line, end_line: evidence.end_line };
  return (await call("GET", path, { query })).body;
}
