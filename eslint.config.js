import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import importCycles from './scripts/eslint-import-cycles.mjs';
import typeErrors from './scripts/eslint-type-errors.mjs';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/*
 * The layout's dependency rules (ARCHITECTURE §3), one zone each, computed from the folders so that a
 * new feature or module is covered the day it is created.
 */
const WEB_FEATURES = 'apps/web/src/features';
const ADMIN = `${WEB_FEATURES}/admin`;
const webFeatureZones = [
  // A feature imports only itself, components/ and lib/ ...
  ...foldersIn(WEB_FEATURES).map((feature) => ({
    target: `./${WEB_FEATURES}/${feature}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${feature}`],
    message: `Web features do not import each other: move what '${feature}' shares into apps/web/src/components/ or apps/web/src/lib/.`,
  })),
  // ... and each admin section is a feature of its own (the admin dashboard page assembles them).
  ...foldersIn(ADMIN).map((section) => ({
    target: `./${ADMIN}/${section}`,
    from: `./${ADMIN}`,
    except: [`./${section}`],
    message: `Admin sections do not import each other: move what '${section}' shares into apps/web/src/components/ or apps/web/src/lib/.`,
  })),
];

const SERVER_MODULES = 'apps/server/src/modules';
const serverModules = foldersIn(SERVER_MODULES);
const serverModuleZones = serverModules.map((module) => ({
  target: `./${SERVER_MODULES}/${module}`,
  from: `./${SERVER_MODULES}`,
  except: [
    `./${module}`,
    ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
  ],
  message: `A server module uses another only through its public entry: import from '../<module>' (its index.ts), not its files.`,
}));

/*
 * module-owns-its-tables (docs/decisions/0015-module-table-ownership.md): a server module imports only
 * the tables it owns (apps/server/src/db/table-owners.json); it writes another module's table by
 * calling that module's service, and reads it through that module's entry or in a named read model
 * (a `*.read-model.ts` file, which may import any table but writes none). Type-only imports
 * (`typeof orders.$inferSelect`) are allowed: they read no rows. db/ (client, migrations, the demo
 * seed) and tests are the accepted exceptions.
 */
const OWNERSHIP_RULE = 'module-owns-its-tables, docs/decisions/0015-module-table-ownership.md';
const tableOwners = JSON.parse(readFileSync(`${root}/apps/server/src/db/table-owners.json`, 'utf8'));
const SCHEMA_IMPORT = '(^|/)db/schema(/[a-z-]+)?$';
/*
 * Still to move (decision 0015, "What remains"): the metals module re-prices products on a rate change;
 * that write moves into the products module on its own branch, and this entry goes with it.
 */
const tablesUsableBy = (module) =>
  new Set([...(tableOwners.owners[module] ?? []), ...Object.keys(tableOwners.sharedColumns[module] ?? {})]);
const ownTablesOnly = (who, usable) => [
  'error',
  {
    patterns: Object.entries(tableOwners.owners)
      .map(([owner, tables]) => ({
        regex: SCHEMA_IMPORT,
        importNames: tables.filter((table) => !usable.has(table)),
        allowTypeImports: true,
        message: `[${OWNERSHIP_RULE}] ${who} may not use the '${owner}' module's tables: call its service through modules/${owner}/index.ts, or read them in a named read model (*.read-model.ts).`,
      }))
      .filter((pattern) => pattern.importNames.length > 0),
  },
];
const tableOwnershipConfigs = [
  ...serverModules.map((module) => ({
    files: [`${SERVER_MODULES}/${module}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.read-model.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ownTablesOnly(`Module '${module}'`, tablesUsableBy(module)),
    },
  })),
  {
    // Server code outside the modules (plugins, start-up, lib) uses tables only through a module.
    files: ['apps/server/src/**/*.ts'],
    ignores: [`${SERVER_MODULES}/**`, 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ownTablesOnly('Server code outside the modules', new Set()),
    },
  },
  {
    files: [`${SERVER_MODULES}/**/*.read-model.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(insert|update|delete)$/][arguments.length=1][arguments.0.type='Identifier']",
          message: `[${OWNERSHIP_RULE}] A read model only reads: write through the owning module's service.`,
        },
      ],
    },
  },
];

/*
 * One naming rule (docs/decisions/0018-file-naming.md): a web .tsx file that exports a React component
 * is PascalCase and named after it; every other module, everywhere, is kebab-case. check-file checks
 * the names; the two content rules below tie a web .tsx file's case to whether it exports a component.
 */
const NAMING_RECORD = 'docs/decisions/0018-file-naming.md';
const KEBAB = 'KEBAB_CASE';
// check-file's own PASCAL_CASE and KEBAB_CASE globs, either of them.
const PASCAL_OR_KEBAB = '@(*([A-Z]*([a-z0-9]))|+([a-z])*([a-z0-9])*(-+([a-z0-9])))';
const WEB = 'apps/web/src';

/*
 * No module mocks in any test (decision 0092): the domain, server and web projects each run the files
 * of a worker in one module graph (isolate: false), where `vi.mock` reaches a module only if no earlier
 * file loaded it, so a test passed or failed by the order of files. Code takes what a test replaces
 * as a parameter, a prop or a context (or the browser global it reads, like fetch), with the real one
 * as the default.
 */
const NO_MODULE_MOCKS = ['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
  object: 'vi',
  property,
  message:
    'No module mocks: tests share one module graph per worker (isolate: false), so a mock misses a module an earlier file loaded. Pass the dependency instead (a parameter, prop or context; decision 0092).',
}));
const everywhere = (dir) => `${dir}/**/*.{ts,tsx,js,mjs}`;

/** What exporting a React component looks like: a PascalCase function, arrow, class or re-export. */
const COMPONENT_EXPORTS = [
  'ExportNamedDeclaration > FunctionDeclaration[id.name=/^[A-Z][a-z]/]',
  'ExportNamedDeclaration > ClassDeclaration[id.name=/^[A-Z][a-z]/]',
  'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^[A-Z][a-z]/][init.type=/^(ArrowFunctionExpression|FunctionExpression)$/]',
  'ExportNamedDeclaration > ExportSpecifier[exported.name=/^[A-Z][a-z]/]',
  'ExportDefaultDeclaration > FunctionDeclaration[id.name=/^[A-Z][a-z]/]',
  'ExportDefaultDeclaration > Identifier[name=/^[A-Z][a-z]/]',
];

/** A PascalCase test file tests the component of the same name beside it; others are kebab-case. */
const testNamesItsSubject = {
  meta: {
    type: 'problem',
    messages: {
      noSubject: `'{{file}}' is PascalCase, so it tests the component '{{subject}}.tsx' beside it, which does not exist: name the test after the component it tests, or in kebab-case after the behaviour (${NAMING_RECORD}).`,
    },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        const file = path.basename(context.filename);
        const subject = /^([A-Z][A-Za-z0-9]*)\.test\.tsx?$/.exec(file)?.[1];
        if (subject && !existsSync(path.join(path.dirname(context.filename), `${subject}.tsx`)))
          context.report({ node, messageId: 'noSubject', data: { file, subject } });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/.data-*/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // The compiler's own errors (types/tsc, for TypeScript files in a tsconfig project): off here, on in
    // `npm test`, which type-checks in the type-aware rules' programs instead of running tsc (decision 0051).
    plugins: { types: typeErrors },
    rules: {
      'types/tsc': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },

  // Type-aware rules: a promise is awaited, returned or explicitly voided, and never handed to
  // something that does not wait for it.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Tool configuration files that no tsconfig includes.
          allowDefaultProject: [
            'vitest.config.ts',
            'apps/server/vitest.config.ts',
            'packages/domain/vitest.config.ts',
          ],
        },
        tsconfigRootDir: root,
      },
    },
    plugins: { cycles: importCycles },
    rules: {
      // Import cycles among our TypeScript files, from the program above (decision 0083); the
      // JavaScript files, in no program, keep import-x/no-cycle (below).
      'cycles/no-cycle': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      // React Router loaders throw a redirect Response by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/unbound-method': 'error',
    },
  },

  // Import boundaries.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too; the default is JavaScript only.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webFeatureZones, ...serverModuleZones] }],
    },
  },
  {
    // Import cycles among the JavaScript files (scripts); the TypeScript files' cycles are found in their
    // programs by cycles/no-cycle, at a fraction of the cost (decision 0083).
    files: ['**/*.{js,mjs}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The shared domain package runs in the browser and on the server: zod and its own files only.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'packages/domain imports nothing but zod (and its own files): no I/O, no frameworks.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  ...tableOwnershipConfigs,
  // File and folder names.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: {
      'check-file': checkFile,
      naming: { rules: { 'test-names-its-subject': testNamesItsSubject } },
    },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          // Web: a .ts module holds no JSX, so it is never a component: kebab-case.
          [`${WEB}/**/*.ts`]: KEBAB,
          // Web .tsx: PascalCase when it exports a component, kebab-case when not (checked below).
          [`${WEB}/**/*.tsx`]: PASCAL_OR_KEBAB,
          // Everything else is kebab-case (role suffixes and .test/.spec/.config are middle extensions).
          'apps/web/*.{ts,js,mjs}': KEBAB,
          [everywhere('apps/server')]: KEBAB,
          [everywhere('packages')]: KEBAB,
          [everywhere('e2e')]: KEBAB,
          [everywhere('test-support')]: KEBAB,
          [everywhere('bench')]: KEBAB,
          [everywhere('scripts')]: KEBAB,
          '*.{ts,js,mjs}': KEBAB,
        },
        {
          ignoreMiddleExtensions: true,
          errorMessage: `'{{ target }}' breaks the file naming rule ({{ pattern }}): web components are PascalCase .tsx, every other module is kebab-case (${NAMING_RECORD}).`,
        },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,test-support,bench,scripts}/**/': KEBAB },
        {
          errorMessage: `Folder '{{ target }}' breaks the naming rule: folders are kebab-case (${NAMING_RECORD}).`,
        },
      ],
      'naming/test-names-its-subject': 'error',
    },
  },
  {
    // A kebab-case web .tsx module (hooks, the route table, the entry, test helpers) exports no component.
    files: [`${WEB}/**/[a-z]*.tsx`],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...COMPONENT_EXPORTS.map((selector) => ({
          selector,
          message: `A .tsx module that exports a React component is named in PascalCase after it; move the component to its own PascalCase file (${NAMING_RECORD}).`,
        })),
      ],
    },
  },
  {
    // A PascalCase web .tsx file exports a component (a module of hooks or helpers is kebab-case).
    files: [`${WEB}/**/[A-Z]*.tsx`],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Program:not(:has(${COMPONENT_EXPORTS.join(', ')}))`,
          message: `A PascalCase .tsx file exports a React component; a module without one is kebab-case (${NAMING_RECORD}).`,
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Every vitest project shares one module graph between the files of a worker (isolate: false):
    // a module mock does not reach a module an earlier file loaded, so no test mocks modules.
    files: ['apps/server/**/*.ts', 'packages/domain/**/*.ts', 'test-support/**/*.ts'],
    rules: { 'no-restricted-properties': ['error', ...NO_MODULE_MOCKS] },
  },
  {
    // Web tests wait with Testing Library's waitFor/findBy (15 s, src/test/setup.ts): vi.waitFor waits
    // 1 s, which CI's loaded cores outran (a test failed once in a clean-clone run under load).
    files: [`${WEB}/**/*.test.ts`, `${WEB}/**/*.test.tsx`],
    rules: {
      'no-restricted-properties': [
        'error',
        ...NO_MODULE_MOCKS,
        { object: 'vi', property: 'waitFor', message: "Use Testing Library's waitFor (it waits 15 s here)." },
        {
          object: 'vi',
          property: 'waitUntil',
          message: "Use Testing Library's waitFor (it waits 15 s here).",
        },
      ],
    },
  },
);
