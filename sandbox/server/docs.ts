/**
 * The API's own description, outside the endpoint table (like `media/`: no token, no rate limit, no faults):
 * - GET openapi.json: the OpenAPI 3.1 document of the table (core/openapi), with this sandbox as its first
 *   server and the seeded sign-in as the example of `POST auth`;
 * - GET docs: a reference page of that document, drawn by Redoc's standalone bundle;
 * - GET docs/redoc.standalone.js: that bundle (no CDN: it works offline). The build copies it from the `redoc`
 *   package (a devDependency: 88 packages, 81 MB, for this one 1.1 MB file) into dist/cli/redoc/, which the
 *   built CLI reads; run from the sources (tests), it is read from the package.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { openApiDocument } from '../../core/openapi/document.js';
import { SEED_ACCOUNTS } from '../db/seed/accounts.js';
import { errorReply } from './errors-shape.js';
import { ROSTER_PROVIDERS } from '../domain/rostering/roster-providers.js';
import type { SandboxReply, SandboxRequest, SandboxState } from './state.js';

const DOCUMENT = 'openapi.json';
const PAGE = 'docs';
const SCRIPT = 'docs/redoc.standalone.js';
const REDOC = 'redoc/bundles/redoc.standalone.js';
/** Where the built CLI has the bundle, relative to its chunk (scripts/build-cli.mjs defines it); unset in the sources. */
declare const __EDSHED_REDOC__: string | undefined;

/** Whether a request path (no leading slash) is one of the description's addresses. */
export function isDocsPath(path: string): boolean {
  return path === DOCUMENT || path === PAGE || path.startsWith(`${PAGE}/`);
}

// Relative addresses, so the page works wherever the sandbox is mounted (the site forwards /api/ to it).
const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EdShed API reference (sandbox)</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="${DOCUMENT}"></redoc>
<script src="${SCRIPT}"></script>
</body>
</html>
`;

/**
 * The page loads nothing from elsewhere: Redoc's own footer links a logo on Redocly's CDN, which this keeps
 * the browser from fetching (the page works offline either way). Redoc styles itself inline and searches in
 * a worker it makes from a blob.
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:";

const documents = new Map<string, Buffer>();
let script: Buffer | undefined;

/** The document with `origin` as its first server, built once per origin (a few milliseconds, then kept). */
function documentFor(state: SandboxState, origin: string): Buffer {
  const key = `${state.version} ${origin}`;
  let body = documents.get(key);
  if (body === undefined) {
    const seeded = SEED_ACCOUNTS[0];
    const document = openApiDocument(ENDPOINTS, {
      version: state.version,
      server: { url: origin, description: 'This sandbox' },
      fixed: ROSTER_PROVIDERS,
      ...(seeded ? { examples: { 'auth login': { username: seeded.username, password: seeded.password } } } : {}),
    });
    body = Buffer.from(JSON.stringify(document));
    documents.set(key, body);
  }
  return body;
}

function redocScript(): Buffer | undefined {
  if (script === undefined) {
    try {
      script = readFileSync(
        typeof __EDSHED_REDOC__ === 'string'
          ? new URL(__EDSHED_REDOC__, import.meta.url)
          : createRequire(import.meta.url).resolve(REDOC),
      );
    } catch {
      return undefined;
    }
  }
  return script;
}

function file(
  status: number,
  type: string,
  body: Buffer,
  headers: Readonly<Record<string, string>> = {},
): SandboxReply {
  return {
    kind: 'file',
    status,
    headers: {
      'content-type': type,
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
      ...headers,
    },
    body,
  };
}

/**
 * Answers `openapi.json`, `docs` and the page's script.
 *
 * @example
 * if (isDocsPath(request.path)) return answerDocs(state, request);
 */
export function answerDocs(state: SandboxState, request: SandboxRequest): SandboxReply {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return errorReply(405, 'Method not allowed', `${request.path} answers GET only`, {}, { allow: 'GET' });
  if (request.path === DOCUMENT) {
    const host = request.header('host') ?? '127.0.0.1';
    return file(200, 'application/json; charset=utf-8', documentFor(state, `http://${host}`));
  }
  if (request.path === PAGE)
    return file(200, 'text/html; charset=utf-8', Buffer.from(PAGE_HTML), {
      'cache-control': 'no-cache',
      'content-security-policy': PAGE_POLICY,
    });
  if (request.path === `${PAGE}/`)
    return { kind: 'file', status: 301, headers: { location: `../${PAGE}` }, body: undefined };
  if (request.path === SCRIPT) {
    const bundle = redocScript();
    if (bundle === undefined)
      return errorReply(
        503,
        'Service unavailable',
        `The reference page's script is missing (${typeof __EDSHED_REDOC__ === 'string' ? 'dist/cli/redoc/' : REDOC}): run npm install, or npm run build`,
      );
    return file(200, 'text/javascript; charset=utf-8', bundle, { 'cache-control': 'public, max-age=86400' });
  }
  return errorReply(
    404,
    'Not found',
    `No ${request.path}: the API's description is at ${DOCUMENT}, its reference page at ${PAGE}`,
  );
}
