import { type ApiError, z } from '../../shared/schemas.ts';
import { type LandingTexts, landingTexts } from './landing-texts.ts';
import { pageLanguage } from './page-language.ts';
import { ensureCustomerSession, renewCustomerSession } from './session.ts';

/** A failed API call, with what the server said (code, message, field) or that the network failed. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get isOffline(): boolean {
    return this.status === 0;
  }
}

/** The thing asked for does not exist, or the link to it is malformed (404, 400). */
export function isMissingError(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as it is (a logo), with its own content type. */
  file?: Blob;
  headers?: Record<string, string>;
  /** Sends the anonymous customer's token, signing in first if needed. */
  asCustomer?: boolean;
  signal?: AbortSignal;
  /** Lets the request finish after the page closes (a board step sent as the tab goes away). */
  keepalive?: boolean;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    // The language of the words the page shows, not only the browser's: a join's texts then speak
    // it, and the server's messages match the page (English in the console for a Vietnamese
    // reader, whose console speaks English; docs/languages.md).
    'accept-language': (landingTexts as LandingTexts | undefined)?.language ?? pageLanguage(),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = options.file.type || 'application/octet-stream';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    // The spec's HTTP client sets no timeout (spec §7); the browser's own limits apply.
    return await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError('You seem to be offline.', 0, 'NETWORK');
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as ApiError | null;
  return new ApiRequestError(
    body?.error?.message ?? 'Something went wrong. Please try again.',
    response.status,
    body?.error?.code ?? 'HTTP_ERROR',
    body?.error?.field,
  );
}

/** The answer of a route that answers 204, no body. */
export const noAnswer = z.undefined();

/**
 * JSON request to the product API under /api (spec §1). The answer is read through `answer`, the
 * route's own response schema from src/shared: its type is the schema's, and an answer that is not
 * what the route declares fails here, as a request error, rather than deep in a page.
 */
export async function apiRequest<Answer extends z.ZodMiniType>(
  path: string,
  answer: Answer,
  options: RequestOptions = {},
): Promise<z.output<Answer>> {
  let token = options.asCustomer ? (await ensureCustomerSession()).token : null;
  let response = await send(path, options, token);
  if (response.status === 401 && options.asCustomer) {
    // The server no longer knows the kept token (a reset demo, a cleared database): start afresh once.
    token = (await renewCustomerSession()).token;
    response = await send(path, options, token);
  }
  if (!response.ok) throw await toError(response);
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => null);
  const read = answer.safeParse(body);
  if (!read.success)
    throw new ApiRequestError(
      'Something went wrong. Please try again.',
      response.status,
      'UNEXPECTED_ANSWER',
    );
  return read.data;
}
