import { ERROR_FIELDS, type ErrorCode } from '@wac/shared/error-codes';

export interface ApiIssue {
  path: string;
  code: string;
  message: string;
}

/** An API answer outside 2xx, carrying the server's stable code and translated message. */
/**
 * The service is away, not the request wrong: a 503 (the database is unreachable), no answer (the
 * server restarting), or a proxy's 502/504 page. Said once in OUTAGE_TOAST_MS; reads retry it
 * (query-client).
 */
export const isOutage = (error: unknown) => error instanceof ApiError && [0, 502, 503, 504].includes(error.status);

export class ApiError extends Error {
  /** Set by a form that shows this error on its fields (lib/forms): then no toast repeats it. */
  claimed = false;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Whether a form could show it on a field: it has field issues, or its code names a field. */
  get aboutFields(): boolean {
    return this.issues.length > 0 || this.code in ERROR_FIELDS;
  }

  claim() {
    this.claimed = true;
  }
}

/** Messages the screens show inline (next to the field or form they are about); they are never toasted. */
export const INLINE_ONLY_CODES: readonly ErrorCode[] = [
  'INVALID_CREDENTIALS',
  'NOT_PART_OF_ANY_COMPANY',
  'SEARCH_TOO_BROAD',
];

export interface ApiClientDeps {
  getAccessToken: () => string | null;
  isSignedIn: () => boolean;
  getLanguage: () => string;
  /** A 401 while signed in: the session is over (the app goes to /logout). */
  onUnauthorized: () => void;
  /** A 401 with an expired access token: try to get a new one once; null when that fails. */
  renewAccessToken?: () => Promise<string | null>;
  toastError: (message: string) => void;
  /**
   * What to say when the answer carries no message of the server's (no answer at all, a proxy's
   * page), in the user's language: the server's own errors come translated already.
   */
  fallbackMessage: (kind: FallbackKind) => string;
  fetch?: typeof fetch;
  /** Origin the API paths resolve against; the page's own by default (the company's Host). */
  origin?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | readonly string[] | undefined>;
  /** The caller shows failures itself: no toast and no /logout on 401. */
  silent?: boolean;
  signal?: AbortSignal;
  /** `blob`: the answer's bytes (CSV exports, files) instead of JSON. */
  responseType?: 'json' | 'blob';
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The session's calls (sign-in, renewal, switch codes): writes, but not changes the person made. */
const SESSION_PATHS = '/api/jwt/';

/** How long one "service away" toast stands for every failure like it. */
export const OUTAGE_TOAST_MS = 20_000;

/**
 * No answer (`network`), a 5xx page that is not the server's (`unavailable`), any other such page
 * (`failed`); `notDone`: a write the server refused with 503 because the database was away (rolled
 * back: nothing was changed).
 */
export type FallbackKind = 'network' | 'unavailable' | 'failed' | 'notDone';

async function toApiError(res: Response, fallback: (kind: FallbackKind) => string): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A proxy or crash page: not our JSON error.
  }
  const b = (body ?? {}) as { code?: unknown; message?: unknown; issues?: unknown };
  return new ApiError(
    res.status,
    typeof b.code === 'string' ? b.code : res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
    typeof b.message === 'string' ? b.message : fallback(res.status >= 500 ? 'unavailable' : 'failed'),
    Array.isArray(b.issues) ? (b.issues as ApiIssue[]) : [],
  );
}

/**
 * The only place that talks HTTP: every request sends `Accept: application/json`,
 * the UI language, and `Authorization: Bearer` when a token is held; failures become ApiErrors and
 * are toasted, except the inline-only messages; a 401 while signed in ends the session.
 */
export function createApiClient(deps: ApiClientDeps): ApiRequest {
  const doFetch = (...args: Parameters<typeof fetch>) => (deps.fetch ?? globalThis.fetch)(...args);
  const fallback = deps.fallbackMessage;
  // The service away (no answer, 503, a proxy's 502/504) is said once in OUTAGE_TOAST_MS: while it
  // is, every open screen retries its reads, and each failure toasted again. A write is the person's
  // own act and is always answered: absorbed by the reads' toast, a click on Clock out or Save
  // during an outage said nothing at all, as if it had been done.
  let outageToastAt = -OUTAGE_TOAST_MS;
  const toast = (e: ApiError, write: boolean) => {
    if (isOutage(e) && !write) {
      if (Date.now() - outageToastAt < OUTAGE_TOAST_MS) return;
      outageToastAt = Date.now();
    }
    deps.toastError(e.message);
  };

  const send = (url: string, options: RequestOptions, token: string | null) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    // Uploads (FormData) set their own multipart boundary.
    const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    return doFetch(url, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  };

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(withQuery(path, options.query), deps.origin ?? window.location.origin).toString();
    const signedIn = deps.isSignedIn();
    const write = (options.method ?? 'GET') !== 'GET';
    let res: Response;
    try {
      res = await send(url, options, deps.getAccessToken());
      if (res.status === 401 && signedIn && deps.renewAccessToken) {
        const code = await res
          .clone()
          .json()
          .then((b: { code?: string }) => b.code)
          .catch(() => undefined);
        if (code === 'TOKEN_EXPIRED') {
          const fresh = await deps.renewAccessToken();
          if (fresh) res = await send(url, options, fresh);
        }
      }
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      const error = new ApiError(0, 'NETWORK', fallback('network'));
      if (!options.silent) toast(error, write);
      throw error;
    }
    if (res.ok) {
      if (res.status === 204) return undefined as T;
      if (options.responseType === 'blob') return (await res.blob()) as T;
      return (await res.json()) as T;
    }
    let error = await toApiError(res, fallback);
    if (write && !path.startsWith(SESSION_PATHS) && res.status === 503 && error.code === 'SERVICE_UNAVAILABLE') {
      // The server's own 503: the database was away and the transaction rolled back. The person is
      // told in as many words that nothing was changed (the server's words fit a read: "try again");
      // a form that shows the error inline (most call silently) says it too. Not for the session's
      // own calls (sign-in, renewal: nothing the person changed). No answer at all, or a proxy's
      // page, says nothing of the kind: the write may have been done before the answer was lost.
      // Nor does SAVE_OUTCOME_UNKNOWN (the connection went while the COMMIT was on its way), whose
      // own words say the change may have been saved.
      error = new ApiError(res.status, error.code, fallback('notDone'), error.issues);
    }
    if (!options.silent) {
      if (res.status === 401 && signedIn) deps.onUnauthorized();
      else if ((INLINE_ONLY_CODES as readonly string[]).includes(error.code)) {
        // Shown by the screen itself.
      } else if (error.aboutFields) {
        // The caller's catch runs first (promise jobs before this timer): a form that binds the
        // error to its fields claims it, and the toast is kept for what belongs to no field.
        setTimeout(() => {
          if (!error.claimed) deps.toastError(error.message);
        }, 0);
      } else toast(error, write);
    }
    throw error;
  };
}
