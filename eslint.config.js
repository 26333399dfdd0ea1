import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NO_SHARED = [{ group: ['**/shared/**', '../../shared/*'], message: '../shared is not in a user clone' }];
// A caller's superuser flag is read in one place, the access policy (sandbox/kit/reach.ts: superuserMay);
// everywhere else a check names the power it needs. (A users row's integer column, `row.superuser === 1`,
// is data being loaded or serialised, not a check.)
const NO_SUPERUSER_FLAG = {
  selector: "MemberExpression[property.name='superuser']:not(BinaryExpression[operator='==='][right.value=1] > MemberExpression)",
  message: 'what a superuser may do is decided in one place: superuserMay(user, power) in sandbox/kit/reach.ts',
};

const NO_SQLITE = { group: ['better-sqlite3'], message: 'only sandbox/db/ and sandbox/kit/ import better-sqlite3: take a Db from sandbox/kit/sql.ts' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'tests/.consumer-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: NO_SHARED }],
    },
  },
  {
    files: ['core/**/*.ts'],
    // The Node entry and the modules only it loads (core/node/: the CLI's config files, for connect()).
    ignores: ['core/node.ts', 'core/node/**'],
    rules: {
      // Flat config replaces a rule whole, so core repeats the ../shared ban beside its own.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...NO_SHARED,
            { group: ['node:*'], message: 'core/ runs in the browser: take Node facilities through the adapter in core/node.ts' },
            { group: ['env-paths', 'undici', '**/node/*', '**/node.js'], message: 'Node only: import it from core/node.ts or core/node/, never from the browser entry' },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    // The database layer and the handler kit are the only doors to SQLite: everything else takes a `Db`
    // (sandbox/kit/sql.ts) and the kit's helpers, so the access policy and the SQL helpers stay one copy.
    ignores: ['sandbox/db/**', 'sandbox/kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...NO_SHARED, NO_SQLITE] },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    // The seed writes users (their flag is data); the policy reads it.
    ignores: ['sandbox/kit/reach.ts', 'sandbox/db/**'],
    rules: { 'no-restricted-syntax': ['error', NO_SUPERUSER_FLAG] },
  },
  {
    files: ['sandbox/domain/**/*.ts'],
    // The business rules know no transport: the server and the routes call into domain/, never the reverse,
    // so a rule can be read, reused and tested without the HTTP pipeline.
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...NO_SHARED,
            NO_SQLITE,
            { group: ['**/server/*', '**/server/**/*', '**/routes/*', '**/routes/**/*'], message: 'sandbox/domain/ imports nothing from sandbox/server/ or sandbox/routes/: move what both need to domain/ or kit/' },
            {
              group: ['**/kit/handler.js'],
              importNames: ['HttpError', 'HandlerContext', 'HandlerResult', 'Handler', 'RouteHandler', 'HandlerMap', 'PartialHandlerMap'],
              message: 'sandbox/domain/ speaks no HTTP: refuse with DomainError (sandbox/domain/errors.ts), take a DomainContext (sandbox/domain/context.ts: db, caller, clock) and return data; routes answer',
            },
          ],
        },
      ],
      // One style for SQL: the kit's helpers (which share the statement cache), never `db.prepare(...)`.
      'no-restricted-syntax': [
        'error',
        NO_SUPERUSER_FLAG,
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='prepare']",
          message: 'SQL outside sandbox/db/ and sandbox/kit/ goes through the kit (sandbox/kit/sql.ts): one, all, run, oneValue, allValues, allArrays',
        },
      ],
    },
  },
);
