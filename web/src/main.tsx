import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchSitePath } from '../../core/domain/site-routes.js';
import { resourceLoad, startLoad } from './api/load.js';
import { App } from './app.js';
import { reloadAfterChunkFailure } from './chunk-reload.js';
import { Router } from './router.js';
import { SessionProvider } from './state/session.js';
import './styles.css';

// Vite reports a failed preload of a chunk here; the guard reloads (at most once a minute) instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkFailure()) event.preventDefault();
});

// What a resource page's first view waits for is its resource: ask for it now, while the page's code loads.
const { page, params } = matchSitePath(window.location.pathname);
if (page === 'resource' && params.key) startLoad(...resourceLoad(params.key));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Router>
        <SessionProvider>
          <App />
        </SessionProvider>
      </Router>
    </StrictMode>,
  );
}
