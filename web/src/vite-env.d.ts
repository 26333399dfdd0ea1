/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base the site calls; `/api/` (the dev and preview servers' proxy to the sandbox) unless set. */
  readonly VITE_EDSHED_API_BASE?: string;
  /** The parent product domain for the session cookie (O §9); unset: the page's own host. */
  readonly VITE_EDSHED_COOKIE_DOMAIN?: string;
}
