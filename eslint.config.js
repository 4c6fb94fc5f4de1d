// ESLint's recommended rules and typescript-eslint's, as the TypeScript ecosystem uses them (npm run lint).
// Layout is Prettier's (npm run format:check), so no rule here is about it.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'reports/', '.test-output/', '.stryker-tmp/', 'tools/mutation/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Everything here runs on Node (the k6 and Artillery scripts the load exports write are strings).
    languageOptions: { globals: globals.node },
    rules: {
      // A name that starts with _ is left out on purpose: a field dropped from a copy ({ id: _id, ...rest }), a parameter a signature needs.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
);
