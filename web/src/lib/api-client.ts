import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from '@/types/api';

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

export interface ParsedApiError {
  status: number | null;
  message: string;
  code: ApiErrorCode | string | null;
  fields: Record<string, string>;
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

/**
 * Extracts the server's message, code and field errors from a thrown error, falling back to the raw
 * response text (or the error message) when the body is not the JSON error shape.
 */
export function parseApiError(error: unknown): ParsedApiError {
  if (error instanceof ApiError) {
    try {
      const body: unknown = JSON.parse(error.text);
      if (isErrorBody(body)) {
        return {
          status: error.status,
          message: body.message,
          code: typeof body.code === 'string' ? body.code : null,
          fields: stringFields(body.fields),
        };
      }
    } catch {
      // Not JSON (e.g. a proxy's plain-text page): the raw text is the best message we have.
    }
    return { status: error.status, message: error.text, code: null, fields: {} };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: null, message, code: null, fields: {} };
}

export function isKnownErrorCode(code: string | null): code is ApiErrorCode {
  return code !== null && (API_ERROR_CODES as readonly string[]).includes(code);
}
