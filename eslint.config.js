import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'client/dist/**', 'node_modules/**', 'coverage/**', 'client/src/api/generated/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        globalThis: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration[declaration.type="ClassDeclaration"]', message: 'Use named exports for classes.' }],
    },
  },
  {
    // Use cases and rules throw the framework-free errors of src/platform/errors; the error envelope filter maps them to HTTP.
    files: ['src/*/application/**/*.ts', 'src/*/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/common'],
              importNamePattern: '(Exception|^HttpStatus)$',
              message: 'Throw the typed errors of src/platform/errors/application-errors.ts; the error envelope filter maps them to HTTP.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration[declaration.type="ClassDeclaration"]', message: 'Use named exports for classes.' },
        { selector: 'NewExpression[callee.name=/Exception$/]', message: 'Throw the typed errors of src/platform/errors/application-errors.ts, not HTTP exceptions.' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // Pure libraries: named exports only.
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'libs/ use named exports only.' }],
    },
  },
  {
    // Never import hooks from generated files: the enhanced API files in client/src/api/ carry tags and cache rules.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/api/*-api.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/generated/*'], message: 'Import endpoints and hooks from client/src/api/<name>-api.ts.' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration[declaration.type="ClassDeclaration"]', message: 'Use named exports for classes.' },
        // Mantine disables a loading Button, which drops the focus of the keyboard that pressed it (docs/decisions.md, stop 41).
        { selector: 'JSXOpeningElement[name.name="Button"] > JSXAttribute[name.name="loading"]', message: 'Use BusyButton (client/src/shared/busy/busy-button.tsx): it stays focusable while busy.' },
      ],
    },
  },
  // Last: turns off the style rules that Prettier (npm run format) decides.
  prettier,
);
