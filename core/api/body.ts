import { bytesStream, withUploadProgress } from './upload-progress.js';

/** One attempt's body, as fetch takes it. */
export interface BodyInstance {
  readonly body: BodyInit | undefined;
  /** A stream body needs `duplex: 'half'` in fetch's init. */
  readonly streamed: boolean;
}

/** A request body prepared once and instantiated per attempt. */
export interface PreparedBody {
  /** The content type to send, unless the caller's headers give one (undefined: let fetch decide). */
  readonly contentType: string | undefined;
  /** False for a caller's ReadableStream: it can be read only once, so the request cannot be sent again. */
  readonly replayable: boolean;
  instance(onProgress?: (percent: number) => void): BodyInstance;
}

const NO_BODY: PreparedBody = {
  contentType: undefined,
  replayable: true,
  instance: () => ({ body: undefined, streamed: false }),
};

function bytesBody(bytes: Uint8Array, contentType: string | undefined): PreparedBody {
  return {
    contentType,
    replayable: true,
    instance: (onProgress) =>
      onProgress
        ? { body: withUploadProgress(bytesStream(bytes), bytes.byteLength, onProgress), streamed: true }
        : { body: bytes as Uint8Array<ArrayBuffer>, streamed: false },
  };
}

/**
 * Prepares a request body: a Blob or File keeps its own content type (application/octet-stream when it
 * has none), bytes and streams are sent as application/octet-stream, FormData and URLSearchParams go to
 * fetch untouched, and anything else is sent as JSON.
 *
 * @example
 * prepareBody({ name: 'Oak class' }).contentType; // 'application/json'
 * prepareBody(new Blob(['a,b'], { type: 'text/csv' })).contentType; // 'text/csv'
 */
export function prepareBody(body: unknown): PreparedBody {
  if (body === undefined) return NO_BODY;
  // Plain data first: none of the classes below can be plain data, and on Node merely naming FormData
  // loads the whole of fetch, which a JSON write must not pay for.
  if (isPlainData(body)) return jsonBody(body);
  if (body instanceof Blob) {
    return {
      contentType: body.type || 'application/octet-stream',
      replayable: true,
      instance: (onProgress) =>
        onProgress
          ? {
              body: withUploadProgress(body.stream() as ReadableStream<Uint8Array>, body.size, onProgress),
              streamed: true,
            }
          : { body, streamed: false },
    };
  }
  if (body instanceof ArrayBuffer) return bytesBody(new Uint8Array(body), 'application/octet-stream');
  if (ArrayBuffer.isView(body)) {
    return bytesBody(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), 'application/octet-stream');
  }
  if (body instanceof ReadableStream) {
    const stream = body as ReadableStream<Uint8Array>;
    return {
      contentType: 'application/octet-stream',
      replayable: false,
      instance: (onProgress) => ({
        body: onProgress ? withUploadProgress(stream, undefined, onProgress) : stream,
        streamed: true,
      }),
    };
  }
  if (body instanceof FormData || body instanceof URLSearchParams) {
    return {
      contentType: undefined,
      replayable: true,
      // fetch encodes these itself (multipart boundary), so there is no byte count to follow: the client
      // reports 100 when the response arrives.
      instance: () => ({ body, streamed: false }),
    };
  }
  return jsonBody(body);
}

/** A primitive, an array, or an object made by `{}`, `Object.create(null)` or JSON.parse. */
function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function jsonBody(body: unknown): PreparedBody {
  const json = JSON.stringify(body);
  const bytes = new TextEncoder().encode(json);
  const prepared = bytesBody(bytes, 'application/json');
  return {
    ...prepared,
    instance: (onProgress) => (onProgress ? prepared.instance(onProgress) : { body: json, streamed: false }),
  };
}
