// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Handlers implement async interfaces; an async function without await is not a bug.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.objectContaining …) are typed as any.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A progress indicator without a name is a serious axe violation; LoadingIndicator and LoadingBar always name one.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/LoadingIndicator.tsx', 'apps/web/src/components/LoadingBar.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['CircularProgress', 'LinearProgress'].map((name) => ({
              name: `@mui/material/${name}`,
              message:
                'Use LoadingIndicator or LoadingBar (apps/web/src/components): they name the indicator.',
            })),
            {
              name: '@mui/material',
              importNames: ['CircularProgress', 'LinearProgress'],
              message:
                'Use LoadingIndicator or LoadingBar (apps/web/src/components): they name the indicator.',
            },
          ],
        },
      ],
    },
  },
);
