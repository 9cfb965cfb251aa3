import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Money is integer sen: no hand-made `* 100` or `/ 100` (see the rule's block below). */
const NO_HAND_MONEY = {
  selector:
    "BinaryExpression[operator=/^[*\\/]$/][right.type='Literal'][right.value=100], BinaryExpression[operator='*'][left.type='Literal'][left.value=100], AssignmentExpression[operator=/^[*\\/]=$/][right.type='Literal'][right.value=100]",
  message:
    'No hand-made * 100 or / 100: use toSen / fromSen / percentToBp / bpToPercent / percentOf from the shared money module.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/output/**',
      'drizzle/**',
      '**/*.config.js',
      'bench/**',
      // Not compilable where it lies (tokens in names): scripts/new-module.test.ts and docs/adding-a-module.md check it.
      'templates/**',
      'packages/server/build.mjs',
      'scripts/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Tests and adapters read loosely typed JSON answers; the schemas check inputs at the edges.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  // Module boundaries (docs/adding-a-module.md): a module is used only through its index.ts, and SQL lives only in
  // a module's queries.ts or queries/ folder (and db/, lib/numbering.ts, auth/session.ts: the platform's own tables).
  {
    files: ['packages/server/src/modules/*/*.ts'],
    ignores: ['packages/server/src/modules/*/queries.ts', 'packages/server/src/modules/*/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in queries.ts of this module.' },
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.js$).+',
              message: "Use the other module's index.ts (its front door), never its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/*/*/*.ts'],
    // A large module may split its SQL by subject into queries/*.ts (attendance: attendance.ts and payroll.ts).
    ignores: ['packages/server/src/modules/*/*/*.test.ts', 'packages/server/src/modules/*/queries/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in queries.ts of this module.' },
            {
              regex: '^\\.\\./\\.\\./[^./][^/]*/(?!index\\.js$).+',
              message: "Use the other module's index.ts (its front door), never its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/*.ts', 'packages/server/src/seed/**/*.ts', 'packages/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/modules/[^/]+/(?!index\\.js$)[^/]+$',
              message: "Use the module's index.ts (its front door), never its files.",
            },
          ],
        },
      ],
    },
  },
  // Arrows point down (issue 27 item 6): the platform (db/, http/, lib/, auth/, pdf/) never imports a module; what it
  // needs of one (a branch's time zone for the clock) is handed in by the app. Seeds live in seed/, above the modules.
  {
    files: ['packages/server/src/{db,http,lib,auth,pdf}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|seed)/',
              message: 'db/, http/, lib/, auth/ and pdf/ sit below the modules: pass in what they need instead.',
            },
          ],
        },
      ],
    },
  },
  // The same boundary on the web (issue 27 item 6): a module uses another only through its front door
  // `modules/<m>/index.ts` (what it exports is what others may use), never its files. One entry per folder depth, as
  // above, since the rule sees the import as written: `../../patients` from modules/desk/pages/ is another module.
  ...[1, 2, 3].map((depth) => ({
    files: [`packages/web/src/modules/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index$).+`,
              message: "Use the other module's index.ts (its front door), never its files.",
            },
          ],
        },
      ],
    },
  })),
  // Money is integer sen (issue 27 item 4): no hand-made `* 100` or `/ 100` outside the shared money module, whose
  // toSen / fromSen / percentToBp / bpToPercent / percentOf / splitSen say what is converted. Where 100 is not money
  // (a percentage of a progress bar, the hundreds of a number in words), disable the line and say why. Tests are left
  // out: they state the expected figures on their own, not through the module they check.
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/shared/src/money.ts', '**/*.test.{ts,tsx}', 'packages/*/src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', NO_HAND_MONEY],
    },
  },
  // SQL only in a module's queries (the drizzle import rule above cannot see a `sql` tag re-exported by a queries
  // file): no `sql\`...\`` template in a module's other files. The same rule key as the money rule, so both are here.
  {
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: [
      'packages/server/src/modules/*/queries.ts',
      'packages/server/src/modules/*/queries/*.ts',
      'packages/server/src/modules/*/*/queries.ts',
      'packages/server/src/modules/*/*/queries/*.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_HAND_MONEY,
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL belongs in queries.ts (or queries/*.ts) of this module.',
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
