import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.js';
import { reloadAfterChunkFailure } from './chunk-reload.js';
import { SessionProvider } from './state/session.js';
import './styles.css';

// Vite reports a failed preload of a chunk here; the guard reloads (at most once a minute) instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkFailure()) event.preventDefault();
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
