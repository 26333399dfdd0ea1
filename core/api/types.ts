import type { JsonValue, Method } from '../endpoints/define.js';
import type { AnswerKind } from './response.js';

/** One request as the transport sees it: the path already has its parameters filled in. */
export interface ApiRequest {
  readonly method: Method;
  /** Relative to the API base, no leading slash (`superuser/invoices/12/paid`). */
  readonly path: string;
  /** Sent as the query string, every value stringified (arrays comma-joined). */
  readonly query?: Readonly<Record<string, unknown>>;
  /** A JSON value, or a Blob/File/Uint8Array sent with its own content type. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Makes a write retryable: sent as the Idempotency-Key header. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  /** Called with 0..100 as the body is sent. */
  readonly onUploadProgress?: (percent: number) => void;
  /** What a 2xx answer must be (default `object-or-none`); any other answer rejects with UnexpectedAnswerError. */
  readonly answer?: AnswerKind;
}

/** A successful response. */
export interface ApiResponse<T = JsonValue> {
  readonly status: number;
  readonly data: T;
  readonly headers: Headers;
  /** The API-target response header, when the server sent one. */
  readonly apiTarget: string | undefined;
  readonly requestId: string | undefined;
  /** True when the server replayed a stored response for the idempotency key. */
  readonly replayed: boolean;
  /** How many attempts it took (1 = no retry). */
  readonly attempts: number;
}

/** A `fetch` compatible function: the global one, undici's, or the sandbox's in-process one. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
