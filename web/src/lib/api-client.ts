import i18n from 'i18next';
import type { ApiErrorBody } from '@/types/api';

/**
 * Error thrown for every non-OK response. Its message is `${status}: ${text}` (spec §7), where text is
 * the response body or, when that is empty, the status text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request with the session cookie (spec §7: all calls include credentials). */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Like apiRequest but parses the JSON answer. */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** One page of a server-paged list: its rows and how many match in all. */
export interface ApiPage<T> {
  items: T[];
  /** All matches before limit/offset: the X-Total-Count header, else the number of rows received. */
  total: number;
}

/** The X-Total-Count header as a number, or null when missing or not a whole number. */
export function totalCount(res: Response): number | null {
  const raw = res.headers.get('X-Total-Count');
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * GET one page of an admin list (issue 17: `?q=&status=&sort=&order=&limit=&offset=`, total in X-Total-Count)
 * with the session cookie; any non-OK status throws an ApiError.
 */
export async function apiGetPage<T>(url: string, signal?: AbortSignal): Promise<ApiPage<T>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const items = (await res.json()) as T[];
  return { items, total: totalCount(res) ?? items.length };
}

export interface ParsedApiError {
  status: number | null;
  message: string;
  code: string | null;
  /**
   * What to show under each field: the i18n key (common namespace) of the field's code when we have a text
   * for it, so it reads in the reader's language, else the server's own (English) text. Keys or texts, like
   * the zod messages of our forms: FieldError shows either.
   */
  fields: Record<string, string>;
  fieldCodes: Record<string, string>;
}

/** The i18n key (common namespace) of an error code's text. */
export function errorCodeKey(code: string): string {
  return `errors.codes.${code}`;
}

/**
 * Whether we have a text for this code. Every code a service or the gateway answers with has one in both
 * languages (gateway/tests/test_error_codes_translated.py holds the locales to it), so this is false only
 * for a body that is not ours or a code newer than this build.
 */
export function isKnownErrorCode(code: string | null | undefined): code is string {
  return typeof code === 'string' && i18n.exists(errorCodeKey(code), { ns: 'common' });
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}

function stringFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function fieldMessages(texts: Record<string, string>, codes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [name, isKnownErrorCode(codes[name]) ? errorCodeKey(codes[name]) : text]),
  );
}

/**
 * Extracts the server's message, code and field errors from a thrown error, falling back to the raw
 * response text (or the error message) when the body is not the JSON error shape.
 */
export function parseApiError(error: unknown): ParsedApiError {
  if (error instanceof ApiError) {
    try {
      const body: unknown = JSON.parse(error.text);
      if (isErrorBody(body)) {
        const fieldCodes = stringFields(body.fieldCodes);
        return {
          status: error.status,
          message: body.message,
          code: typeof body.code === 'string' ? body.code : null,
          fields: fieldMessages(stringFields(body.fields), fieldCodes),
          fieldCodes,
        };
      }
    } catch {
      // Not JSON (e.g. a proxy's plain-text page): the raw text is the best message we have.
    }
    return { status: error.status, message: error.text, code: null, fields: {}, fieldCodes: {} };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: null, message, code: null, fields: {}, fieldCodes: {} };
}
