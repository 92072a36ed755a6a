import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const packagesOnlyThroughShared = { group: ['**/server/src/**', '**/portal/src/**', '**/shared/src/**', '**/extension/background/**', '**/extension/contents/**', '**/extension/lib/**', '**/extension/popup*'], message: 'Import other packages through @invigil/shared only.' };
const moduleInsides = { regex: '(^|/)modules/[^/]+/(?![^/]+-module$)', message: 'Use a server module only through its modules/<name>/<name>-module.ts (decision 0054).' };
const otherModuleInsides = { regex: '^\\.\\./(?!\\.\\.$)(?!\\.\\./)[^/]+/(?![^/]+-module$)', message: 'Use another server module only through its <name>-module.ts (decision 0054).' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'portal/dist.*/**', '**/build/**', '**/.plasmo/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['portal/**/*.tsx', 'extension/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Packages meet only through `shared`: no reaching into another package's src.
    files: ['portal/**', 'extension/**', 'server/**', 'shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [packagesOnlyThroughShared] }],
    },
  },
  {
    // Server modules (decision 0054): a module reaches another only through that module's public
    // file, modules/<name>/<name>-module.ts; never its routes, services, repositories or tables.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/platform/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [packagesOnlyThroughShared, moduleInsides] }],
    },
  },
  {
    // A module's own files sit directly in modules/<name>/, so `../<other>/...` is another module.
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [packagesOnlyThroughShared, moduleInsides, otherModuleInsides] }],
    },
  },
  {
    // A module file offers services, never a repository (decision 0054): no `create*Repository` leaves a module.
    files: ['server/src/modules/*/*-module.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...['ExportSpecifier[exported.name=/^create\\w*Repository$/]', 'ExportNamedDeclaration > FunctionDeclaration[id.name=/^create\\w*Repository$/]'].map((selector) => ({
        selector,
        message: 'A module file exports a narrow service interface, not a repository (decision 0054).',
      }))],
    },
  },
  {
    // platform/ is what every module uses; it imports no module (its tests may build the app).
    files: ['server/src/platform/**/*.ts'],
    ignores: ['server/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [packagesOnlyThroughShared, {
        regex: '^\\.\\.(/\\.\\.)*/(modules|seed|cli|cluster|test-support|services|routes|repositories|middleware)(/|$)|^\\.\\.(/\\.\\.)*/(app|main|prepare-database)$',
        message: 'platform/ imports no module (decision 0054).',
      }] }],
    },
  },
);
