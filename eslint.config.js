import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';

/**
 * The whole web app's texts are in the catalogues (apps/web/src/i18n/locales, issue 30): a hard-coded
 * string in JSX, as text or in a user-facing attribute, fails the lint.
 */
const TRANSLATED = ['apps/web/src/**/*.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      'data/**',
      '**/migrations/**',
      'e2e/screenshots/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // platform/ holds the shared parts; the domains in modules/ build on it, never the other way (structure.test.ts checks cycles too).
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message:
                'platform/ must not import modules/: take what it needs through an interface the app wires (see identityCache.ts IdentityReader).',
            },
          ],
        },
      ],
    },
  },
  {
    // One link component: lib/Link.tsx (React Router's own brings its data router's prefetching to every screen).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link from lib/Link.tsx.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TRANSLATED,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'label',
              'placeholder',
              'alt',
              'aria-label',
              'okText',
              'cancelText',
              'tooltip',
              'description',
              'extra',
              'help',
              'message',
              'content',
              'emptyText',
              'addonBefore',
              'addonAfter',
              'checkedChildren',
              'unCheckedChildren',
              'text',
              'subTitle',
            ],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s]+', '[A-Z_-]+', '(404|500|·|•|—|–|…)'] },
        },
      ],
    },
  },
);
