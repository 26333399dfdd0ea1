import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shakeableRouter } from '../../web/plugins/router-tree-shaking.js';

// The installed router's production build, which the site's build takes (web/vite.config.ts).
const BUILD = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const sources = readdirSync(BUILD)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => readFileSync(`${BUILD}${file}`, 'utf8'));
const factoryCalls = (code: string) => code.match(/=[ \t]*React\d*\.(?:forwardRef|createContext|memo)\(/g) ?? [];

describe("the router build's tree shaking", () => {
  it('finds the names and component calls in the installed router (a new layout of its build fails here, not silently in the bundle)', () => {
    const all = sources.join('\n');
    expect(all.match(/\.displayName = "/g)?.length ?? 0).toBeGreaterThan(10);
    expect(factoryCalls(all).length).toBeGreaterThan(10);
  });

  it('takes every displayName write away and marks every component and context call pure, changing nothing else', () => {
    for (const code of sources) {
      const shaken = shakeableRouter(code);
      expect(shaken).not.toMatch(/\.displayName = "/);
      expect(factoryCalls(shaken)).toHaveLength(0);
      expect(shaken.match(/\/\* @__PURE__ \*\/ React\d*\.(?:forwardRef|createContext|memo)\(/g)?.length ?? 0).toBe(factoryCalls(code).length);
      const [before, after] = [code.split('\n'), shaken.split('\n')];
      expect(after).toHaveLength(before.length);
      after.forEach((line, i) => {
        if (line === before[i]) return;
        if (line === '') expect(before[i]).toMatch(/^\s*[\w$.]+\.displayName = "[^"]*";$/);
        else expect(line.replaceAll('/* @__PURE__ */ React', 'React')).toBe(before[i]);
      });
    }
  });

  it('keeps a displayName that is part of a larger statement', () => {
    const code = 'var Form = React10.forwardRef(f);\nForm.displayName = "Form";\nlog(Form.displayName = "x", y);\n';
    expect(shakeableRouter(code)).toBe('var Form = /* @__PURE__ */ React10.forwardRef(f);\n\nlog(Form.displayName = "x", y);\n');
  });
});
