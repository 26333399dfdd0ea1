import { CHUNK_RELOAD_THROTTLE_MS } from '../../core/domain/constants.js';

const LAST_RELOAD = 'litshed.chunkReloadAt';

/**
 * After a code chunk fails to load (a deploy replaced it), reloads the page, at most once per 60 s (O §2):
 * answers true when it reloads, false when a reload happened too recently (the error is then shown).
 *
 * @example
 * import('./pages/about.js').catch((error) => { if (!reloadAfterChunkFailure()) throw error; });
 */
export function reloadAfterChunkFailure(now: number = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(LAST_RELOAD) ?? 0);
  if (now - last < CHUNK_RELOAD_THROTTLE_MS) return false;
  sessionStorage.setItem(LAST_RELOAD, String(now));
  window.location.reload();
  return true;
}

/** Wraps a dynamic import: a failure reloads the page (throttled) and otherwise rejects as before. */
export function guardedImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      // A reload is under way: never settle, so the old page stays until the new one loads.
      if (reloadAfterChunkFailure()) return new Promise<T>(() => undefined);
      throw error;
    });
}
