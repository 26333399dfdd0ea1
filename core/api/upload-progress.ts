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

/** A pull-based stream over bytes in fixed chunks, so progress moves as the socket drains. */
export function chunkedBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.subarray(offset, offset + CHUNK_BYTES));
        offset += CHUNK_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Wraps a body stream so `onProgress` hears 0, then rising whole percentages of `total` bytes as chunks
 * are taken by the transport, then 100 once the last byte has been taken. With no known total it hears
 * only 0 and 100. The stream has no buffer of its own (high-water mark 0): a chunk is read from the
 * source only when the transport asks for it, which is what makes the count follow the upload.
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
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      start() {
        report(0);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          report(100);
          controller.close();
          return;
        }
        sent += value.byteLength;
        // 100 is kept for the end of the stream, so it is reported exactly once, after the last chunk.
        if (total !== undefined && total > 0) report(Math.min(99, Math.floor((sent * 100) / total)));
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
