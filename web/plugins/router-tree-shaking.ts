import type { Plugin } from 'vite';

const ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** `Form.displayName = "Form";` on a line of its own: a name for React's developer tools only. */
const DISPLAY_NAME = /^[ \t]*[\w$.]+\.displayName = "[^"\n]*";[ \t]*$/gm;
/** `= React10.forwardRef(`: a call that only makes a component or context, free of side effects. */
const COMPONENT_FACTORY = /(=[ \t]*)(React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * React Router's production build with what keeps its unused components in a bundle taken away: each
 * component and context is made by a call the bundler must assume has effects, and then named by a
 * property write (`X.displayName = ...`), which it must keep. Without the names, and with the calls marked
 * pure, the components the site never renders (Form, NavLink, ScrollRestoration...) drop out.
 *
 * @example
 * shakeableRouter('var Form = React10.forwardRef(f);\nForm.displayName = "Form";\n')
 * // 'var Form = /* @__PURE__ *\/ React10.forwardRef(f);\n\n'
 */
export function shakeableRouter(code: string): string {
  return code.replace(DISPLAY_NAME, '').replace(COMPONENT_FACTORY, '$1/* @__PURE__ */ $2');
}

/** In the site's build only (the one that takes the router's production build), applies `shakeableRouter`. */
export function routerTreeShaking(): Plugin {
  return {
    name: 'edshed-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      return ROUTER_BUILD.test(id.split('?')[0] ?? id) ? { code: shakeableRouter(code), map: null } : undefined;
    },
  };
}
