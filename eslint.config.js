import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.plasmo/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'data/**'] },
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/src/**', '**/portal/src/**', '**/shared/src/**', '**/extension/background/**', '**/extension/contents/**', '**/extension/lib/**', '**/extension/popup*'], message: 'Import other packages through @invigil/shared only.' }] }],
    },
  },
);
