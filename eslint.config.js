import { readFileSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    rules: {
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
    rules: {
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
      // Parse TypeScript dependencies too (no-cycle follows them); the default is JavaScript only.
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
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webFeatureZones, ...serverModuleZones] }],
    },
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
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
