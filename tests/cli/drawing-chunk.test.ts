import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minifyDrawingChunk, yogaWithoutFetch, type OutputEntry } from '../../scripts/drawing-chunk.mjs';

// The time to a dashboard's first frame. Yoga's loader fetched its own inline wasm, which
// loads Node's undici; and React's readable reconciler was parsed whole before the first frame.
const yogaFile = fileURLToPath(
  new URL('../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', import.meta.url),
);
const moduleOf = (source: string): Promise<{ default: () => Promise<Record<string, unknown>> }> =>
  import(`data:text/javascript,${encodeURIComponent(source)}`);

describe('the drawing chunk (scripts/drawing-chunk.mjs)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads Yoga's wasm without ever calling fetch", async () => {
    const built = yogaWithoutFetch.transform(readFileSync(yogaFile, 'utf8'), yogaFile);
    expect(built?.code).not.toMatch(/typeof fetch/);
    const fetch = vi.fn(() => Promise.reject(new Error('fetch called')));
    vi.stubGlobal('fetch', fetch);
    const yoga = await (await moduleOf(built?.code ?? '')).default();
    expect(typeof yoga.Node).toBe('function');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves other modules alone, and fails the build when Yoga no longer tests for fetch', () => {
    expect(yogaWithoutFetch.transform('fetch(url)', '/repo/node_modules/other/index.js')).toBeUndefined();
    expect(() => yogaWithoutFetch.transform('WebAssembly.instantiate(bytes)', yogaFile)).toThrow(
      /no "typeof fetch" test found/,
    );
  });

  it('minifies the chunk holding Ink, keeping the link to its map, and no other chunk', () => {
    const code =
      'export function draw(width) {\n  const margin = 2;\n  return width - margin;\n}\n//# sourceMappingURL=jsx-runtime-X.js.map';
    const bundle: Record<string, OutputEntry> = {
      'ink.js': {
        type: 'chunk',
        fileName: 'ink.js',
        moduleIds: ['/repo/node_modules/ink/build/ink.js'],
        code,
        map: null,
      },
      'main.js': { type: 'chunk', fileName: 'main.js', moduleIds: ['/repo/cli/main.ts'], code, map: null },
    };
    minifyDrawingChunk.generateBundle({}, bundle);
    expect(bundle['ink.js']?.code).toMatch(
      /^export function draw\(\w\)\{return \w-2\}\n\/\/# sourceMappingURL=jsx-runtime-X\.js\.map$/,
    );
    expect(bundle['main.js']?.code).toBe(code);
  });
});
