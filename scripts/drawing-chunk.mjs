// Bundler plugins (rolldown) for the chunk the drawing commands load (Ink, React, Yoga): what the time
// to a dashboard's first frame (bench/dash-first-frame) was found to go on besides our own code.
import { minifySync } from 'rolldown/utils';

const YOGA_WASM = '/node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';
/** How Yoga's Emscripten loader picks `fetch` for its wasm, which it carries inline as a data: URL. */
const PICKS_FETCH = /"function"\s*!=\s*typeof fetch/g;

/**
 * Yoga's loader fetches its own inline wasm (a base64 data: URL) when a global `fetch` exists, as it does
 * in Node; the first `fetch` loads Node's undici, about a tenth of a dashboard's start-up. The loader
 * decodes the same base64 itself when there is no `fetch`: this makes it always take that way. The
 * build fails if the loader no longer reads as expected, rather than quietly loading undici again.
 *
 * @example
 * await rolldown({ ...options, plugins: [yogaWithoutFetch] });
 */
export const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  transform(code, id) {
    if (!id.endsWith(YOGA_WASM)) return undefined;
    const matches = code.match(PICKS_FETCH)?.length ?? 0;
    if (matches === 0)
      throw new Error(`${YOGA_WASM}: no "typeof fetch" test found; check how this Yoga loads its wasm`);
    return { code: code.replace(PICKS_FETCH, '!0'), map: null };
  },
};

/** Whether a chunk is the one holding Ink (and with it React and Yoga). */
const holdsInk = (chunk) => chunk.moduleIds.some((id) => id.includes('/node_modules/ink/'));

/**
 * Minifies the chunk holding Ink: React's reconciler ships readable (330 KB bundled), and V8 parses all
 * of it before the first frame; minified, the chunk is half the size. Our own chunks stay readable
 * (their stack traces are what an internal error prints).
 *
 * @example
 * await rolldown({ ...options, plugins: [minifyDrawingChunk] });
 */
export const minifyDrawingChunk = {
  name: 'minify-drawing-chunk',
  // After rendering: a chunk changed in renderChunk is printed again, whitespace and all.
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !holdsInk(chunk)) continue;
      const result = minifySync(chunk.fileName, chunk.code, {
        module: true,
        compress: true,
        mangle: true,
        sourcemap: true,
        inputMap: chunk.map ?? undefined,
      });
      if (result.errors.length > 0)
        throw new Error(`minifying ${chunk.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
      // The minifier drops comments, the link to the map among them.
      const link = /\n\/\/# sourceMappingURL=\S+\s*$/.exec(chunk.code)?.[0] ?? '';
      chunk.code = `${result.code}${link}`;
      if (result.map) chunk.map = result.map;
    }
  },
};
