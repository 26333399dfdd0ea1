/**
 * The resources' images and files, which the platform keeps on a file host and the sandbox serves itself,
 * under `media/` (outside the endpoint table, like a file host: no token, no rate limit, no faults):
 * - GET media/resources/{url_key}/cover-{n}.svg: the resource's image n, drawn from the resource, with an
 *   ETag and a day's caching (304 for a matching If-None-Match);
 * - GET media/files/{id}/{name}?disposition=&expires=&signature=: a file's bytes at an address that
 *   POST resources/files/{id}/presign signed; a changed address is refused (403), an old one too (410).
 */
import { createHash } from 'node:crypto';
import { errorReply } from '../../server/errors-shape.js';
import type { SandboxReply, SandboxRequest, SandboxState } from '../../server/state.js';
import { coverSvg, COVER_COUNT } from '../../domain/resources/covers.js';
import { fileContent, fileKindOf } from '../../domain/resources/files.js';
import { resourceLook } from '../../domain/resources/look.js';
import { MEDIA_PREFIX } from '../../domain/resources/paths.js';
import { signatureValid } from '../../domain/resources/signing.js';
import { resourceByUrlKey, servedFile } from '../../domain/resources/file-access.js';

const COVER = new RegExp(`^${MEDIA_PREFIX}/resources/([^/]+)/cover-(\\d+)\\.svg$`);
const FILE = new RegExp(`^${MEDIA_PREFIX}/files/(\\d+)/([^/]+)$`);
const COVER_CACHE_SECONDS = 86_400;

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function first(value: string | readonly string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function bytes(status: number, headers: Record<string, string>, body: Buffer | undefined): SandboxReply {
  return { kind: 'file', status, headers, body };
}

function cover(state: SandboxState, request: SandboxRequest, key: string, n: number): SandboxReply {
  const row = resourceByUrlKey(state.db, key);
  if (!row || n < 1 || n > COVER_COUNT) return errorReply(404, 'Not found', `No image ${n} of resource ${key}`);
  const svg = Buffer.from(coverSvg(resourceLook(state.db, row), n));
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': `public, max-age=${COVER_CACHE_SECONDS}`,
    etag,
    'x-content-type-options': 'nosniff',
    // Opened on its own, the image is a document of the API's origin: it may run nothing and load nothing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (
    first(request.header('if-none-match'))
      .split(/\s*,\s*/)
      .includes(etag)
  )
    return bytes(304, headers, undefined);
  return bytes(200, { ...headers, 'content-length': String(svg.length) }, svg);
}

/**
 * A Content-Disposition value (RFC 6266): the name as a quoted ASCII fallback and, in full, as RFC 5987
 * UTF-8.
 *
 * @example
 * contentDisposition('attachment', 'Café "notes".pdf') // `attachment; filename="Caf_ _notes_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22notes%22.pdf`
 */
export function contentDisposition(disposition: string, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function file(state: SandboxState, request: SandboxRequest, id: number, name: string): SandboxReply {
  const disposition = first(request.query['disposition']);
  const expiresText = first(request.query['expires']);
  const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : Number.NaN;
  const signature = first(request.query['signature']);
  if (Number.isNaN(expires) || !signatureValid(state.db, id, disposition, expires, signature)) {
    return errorReply(
      403,
      'Forbidden',
      `This download address is not one the sandbox signed, or it was changed: ask for a new one with POST resources/files/${id}/presign`,
    );
  }
  const now = state.now().getTime();
  if (expires * 1000 <= now) {
    return errorReply(
      410,
      'Gone',
      `This download address expired at ${new Date(expires * 1000).toISOString()}: ask for a new one with POST resources/files/${id}/presign`,
    );
  }
  const found = servedFile(state.db, id, name);
  if (!found) return errorReply(404, 'Not found', `No file ${id} named ${name}`);
  const { row, resource } = found;
  const body = fileContent(resourceLook(state.db, resource), fileKindOf(row.kind));
  return bytes(
    200,
    {
      'content-type': row.mime,
      'content-length': String(body.length),
      'content-disposition': contentDisposition(disposition, row.name),
      'cache-control': `private, max-age=${Math.max(0, Math.floor(expires - now / 1000))}`,
      'x-content-type-options': 'nosniff',
    },
    body,
  );
}

/**
 * Answers a request under `media/`: a resource image or a signed file (GET or HEAD), else 404 or 405 in
 * the platform's error shape.
 *
 * @example
 * answerMedia(state, { method: 'GET', path: 'media/resources/kennings-poetry-unit/cover-1.svg', ... })
 */
export function answerMedia(state: SandboxState, request: SandboxRequest): SandboxReply {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return errorReply(
      405,
      'Method not allowed',
      `${request.method} ${request.path}: the media addresses answer GET only`,
    );
  const coverMatch = COVER.exec(request.path);
  const key = coverMatch ? decoded(coverMatch[1] as string) : undefined;
  if (coverMatch && key !== undefined) return cover(state, request, key, Number(coverMatch[2]));
  const fileMatch = FILE.exec(request.path);
  const name = fileMatch ? decoded(fileMatch[2] as string) : undefined;
  if (fileMatch && name !== undefined) return file(state, request, Number(fileMatch[1]), name);
  return errorReply(404, 'Not found', `No media at ${request.path}`);
}
