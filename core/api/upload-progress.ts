/** The largest piece handed to the transport at once: small enough for progress to move on a 1 MB upload. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Wraps a progress callback so it hears each whole percentage at most once and only upwards.
 *
 * @example
 * const report = monotonicProgress(console.log);
 * report(10); report(5); report(10); report(100); // logs 10, then 100
 */
export function monotonicProgress(onProgress: (percent: number) => void): (percent: number) => void {
  let last = -1;
  return (percent) => {
    if (percent > last) {
      last = percent;
      onProgress(percent);
    }
  };
}

/**
 * A stream of one byte array (sliced into pieces by `withUploadProgress`).
 *
 * @example
 * withUploadProgress(bytesStream(bytes), bytes.byteLength, onProgress);
 */
export function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Wraps a body stream so `onProgress` hears 0, then rising whole percentages of `total` bytes as pieces
 * are taken by the transport, then 100 once the last byte has been taken. With no known total it hears
 * only 0 and 100. Source chunks are cut to at most 64 KiB and the stream keeps no buffer of its own
 * (high-water mark 0): a piece is produced only when the transport asks for one, which is what makes
 * the count follow the upload.
 *
 * @example
 * const body = withUploadProgress(blob.stream(), blob.size, (p) => bar.update(p));
 * await fetch(url, { method: 'POST', body, duplex: 'half' });
 */
export function withUploadProgress(
  source: ReadableStream<Uint8Array>,
  total: number | undefined,
  onProgress: (percent: number) => void,
): ReadableStream<Uint8Array> {
  const report = monotonicProgress(onProgress);
  const reader = source.getReader();
  let pending: Uint8Array | undefined;
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      start() {
        report(0);
      },
      async pull(controller) {
        while (pending === undefined || pending.byteLength === 0) {
          const { done, value } = await reader.read();
          if (done) {
            report(100);
            controller.close();
            return;
          }
          pending = value;
        }
        const piece = pending.subarray(0, CHUNK_BYTES);
        pending = pending.subarray(piece.byteLength);
        sent += piece.byteLength;
        // 100 is kept for the end of the stream, so it is reported exactly once, after the last piece.
        if (total !== undefined && sent < total) report(Math.floor((sent * 100) / total));
        controller.enqueue(piece);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
