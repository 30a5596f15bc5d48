/**
 * ESLint with typescript-eslint (recommended, type-aware) over the whole repository, the import boundaries of
 * DESIGN.md (scripts/eslint/boundaries.js), and the React hooks rules on the SPA.
 * `npm test` runs it first with --max-warnings 0: an error or a warning fails the run.
 */
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import assay from './scripts/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'frontend/dist', 'cdk.out', '.local', 'test-reports', 'test-results', '.prof', 'bench/results', '.tmp*'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    // type-aware rules: each file is checked with the tsconfig.json nearest to it (root, frontend, test/e2e)
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    rules: {
      // `_name` marks a value left unused on purpose (a destructured field dropped from a copy)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // an async function here usually keeps an async contract (middy hooks, AI providers, test doubles of a
      // client): the missing await is no bug, while no-floating-promises and no-misused-promises catch the real ones
      '@typescript-eslint/require-await': 'off',
      // it flags functions destructured from plain objects (a context's logout, a local stack's stop), which use no `this`
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // the import boundaries of DESIGN.md (scripts/eslint/boundaries.js)
    files: ['**/*.{ts,tsx}'],
    plugins: { assay },
    rules: { 'assay/boundaries': 'error' },
  },
  {
    // tests read loosely typed HTTP answers
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // a mocked SDK `send` has callback overloads, so an async mock reads as a promise where void is expected
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // the local harness turns loosely typed wire values (claims, headers, errors) into text on purpose
    files: ['infra/local/**/*.ts'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // the React Compiler's rules: no ref read or written while rendering, no impure call in render, no
      // state set synchronously in an effect (adjust it while rendering, or derive it), no mutation of a value
      // React owns
      'react-hooks/refs': 'error',
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/immutability': 'error',
    },
  },
);
