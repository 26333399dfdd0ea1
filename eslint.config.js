import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NO_SHARED = [{ group: ['**/shared/**', '../../shared/*'], message: '../shared is not in a user clone' }];
// Handlers (routes, domain, the generic store) answer only through the reply helpers (sandbox/kit/reply.ts:
// `reply` in the table's response key, `refusal` for a returned error): an object of nothing but status,
// body, headers and unchanged is a handler result built by hand.
const NO_RAW_REPLY = {
  selector:
    "ObjectExpression:not(:has(> Property:not([key.name=/^(status|body|headers|unchanged)$/]))) > Property[key.name='body']",
  message:
    "Handlers answer through sandbox/kit/reply.ts: reply(ctx, key, value, extra, status) in the table's response key, or refusal(domainError) for a refusal returned so its writes are kept",
};

// A caller's superuser flag is read in one place, the access policy (sandbox/kit/reach.ts: superuserMay);
// everywhere else a check names the power it needs. (A users row's integer column, `row.superuser === 1`,
// is data being loaded or serialised, not a check.)
const NO_SUPERUSER_FLAG = {
  selector:
    "MemberExpression[property.name='superuser']:not(BinaryExpression[operator='==='][right.value=1] > MemberExpression)",
  message: 'what a superuser may do is decided in one place: superuserMay(user, power) in sandbox/kit/reach.ts',
};
const NO_SQLITE = {
  group: ['better-sqlite3'],
  message: 'only sandbox/db/ and sandbox/kit/ import better-sqlite3: take a Db from sandbox/kit/sql.ts',
};
// One style for SQL: the kit's helpers (which share the statement cache), never a statement of one's own.
const KIT_SQL =
  'SQL outside sandbox/db/ and sandbox/kit/ goes through the kit (sandbox/kit/sql.ts): one, all, run, oneValue, allValues, allArrays';
const NO_RAW_SQL = [
  { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='prepare']", message: KIT_SQL },
  { selector: "CallExpression[callee.type='Identifier'][callee.name='statement']", message: KIT_SQL },
];

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
    // The launcher is CommonJS, as the built CLI is (cli/startup/compile-cache.ts): it loads it with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
            {
              group: ['node:*'],
              message: 'core/ runs in the browser: take Node facilities through the adapter in core/node.ts',
            },
            {
              group: ['env-paths', 'undici', '**/node/*', '**/node.js'],
              message: 'Node only: import it from core/node.ts or core/node/, never from the browser entry',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    // The database layer and the handler kit are the only doors to SQLite: everything else takes a `Db`
    // (sandbox/kit/sql.ts) and the kit's helpers, so the access policy and the SQL helpers stay one copy:
    // no `statement(...)` or `db.prepare(...)` of its own.
    ignores: ['sandbox/db/**', 'sandbox/kit/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...NO_SHARED, NO_SQLITE] }],
      'no-restricted-syntax': ['error', ...NO_RAW_SQL, NO_SUPERUSER_FLAG],
    },
  },
  {
    files: ['tests/**/*.ts'],
    // Tests arrange and read state through the same kit (or the named helpers of tests/sandbox/helpers/sql.ts),
    // not raw statements; tests/sandbox/statements.test.ts tests the statement cache itself.
    ignores: ['tests/sandbox/statements.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_RAW_SQL] },
  },
  {
    // The kit reads no superuser flag either, but for the policy itself (reach.ts).
    files: ['sandbox/kit/**/*.ts'],
    ignores: ['sandbox/kit/reach.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_SUPERUSER_FLAG] },
  },
  {
    // Handlers answer through the reply helper (sandbox/kit/reply.ts), never a hand-built { status, body }.
    // A later block's setting of a rule replaces an earlier one's, so the SQL and superuser rules are
    // repeated here.
    files: ['sandbox/routes/**/*.ts', 'sandbox/generic/**/*.ts', 'sandbox/domain/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_RAW_SQL, NO_SUPERUSER_FLAG, NO_RAW_REPLY] },
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
            {
              group: ['**/server/*', '**/server/**/*', '**/routes/*', '**/routes/**/*'],
              message:
                'sandbox/domain/ imports nothing from sandbox/server/ or sandbox/routes/: move what both need to domain/ or kit/',
            },
            {
              group: ['**/kit/handler.js'],
              importNames: [
                'HttpError',
                'HandlerContext',
                'HandlerResult',
                'Handler',
                'RouteHandler',
                'HandlerMap',
                'PartialHandlerMap',
              ],
              message:
                'sandbox/domain/ speaks no HTTP: refuse with DomainError (sandbox/domain/errors.ts), take a DomainContext (sandbox/domain/context.ts: db, caller, clock) and return data; routes answer',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are one call into the domain: parse the input, call domain/, reply. SQL lives in sandbox/db/ and
    // sandbox/domain/ (through the kit), and a refusal is a DomainError (sandbox/domain/errors.ts) the server
    // maps to HTTP in one place, so no route imports kit/sql or builds an HttpError. The rules of both blocks
    // above are repeated, since a later block's setting of a rule replaces an earlier one's.
    files: ['sandbox/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...NO_SHARED,
            NO_SQLITE,
            {
              group: ['**/kit/sql.js', '**/kit/sql'],
              message:
                'routes run no SQL: put it in a sandbox/domain/ module (pure functions over the db) and call that',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...NO_RAW_SQL,
        NO_SUPERUSER_FLAG,
        NO_RAW_REPLY,
        {
          selector: "NewExpression[callee.name='HttpError']",
          message:
            'routes refuse through the domain: throw a DomainError (sandbox/domain/errors.ts) from the rule, which the server maps to its status once',
        },
      ],
    },
  },
);
