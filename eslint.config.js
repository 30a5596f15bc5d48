/**
 * ESLint with typescript-eslint (recommended) over the whole repository, and the React hooks rules on the SPA.
 * `npm test` runs it first; an error fails the run.
 */
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'frontend/dist', 'cdk.out', '.local', 'test-reports', 'test-results', '.prof', 'bench/results'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value left unused on purpose (a destructured field dropped from a copy)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // tests read loosely typed HTTP answers
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // the React Compiler's rules: this codebase does not use the compiler; shown as warnings to look at
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/purity': 'warn',
      'react-hooks/immutability': 'warn',
    },
  },
);
