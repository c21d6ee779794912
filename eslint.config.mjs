/**
 * ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, React's rules of
 * hooks and jsx-a11y's recommended rules for the site's components; formatting is Prettier's
 * (eslint-config-prettier turns off the rules it owns). `npm run lint` must report 0 problems.
 */
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

const OWN_KEYS = {
  selector: "BinaryExpression[operator='in'][right.type='Identifier'][right.name=/^[A-Z][A-Z0-9_]*$/]",
  message: "Lisez un mot saisi contre une table par isOwnKey() ou ownValue() (src/contract/own-keys.ts).",
}
const ONE_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Lisez l'heure par clock.now() (src/server/clock.ts)." },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: "Lisez l'heure par clock.nowMs() (src/server/clock.ts), une durée par performance.now().",
  },
]

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "artifacts/",
      "node_modules/",
      "static/admin/",
      "scripts/bench/fixtures/bare-gatsby/",
      "src/__generated__/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a parameter kept for its position.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/**/*.tsx", "gatsby-*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // A word someone typed is read against a table by its own keys (src/contract/own-keys.ts):
    // `typed in TABLE` also finds « toString », « constructor », « __proto__ ».
    files: ["src/**/*.ts", "src/**/*.tsx", "scripts/*.ts"],
    rules: { "no-restricted-syntax": ["error", OWN_KEYS] },
  },
  {
    // One clock (src/server/clock.ts): the server and the CLIs never read the date themselves, so a
    // test sets it in one place; a duration is measured with performance.now().
    files: ["src/server/**/*.ts", "scripts/*.ts"],
    ignores: ["src/server/clock.ts"],
    rules: { "no-restricted-syntax": ["error", OWN_KEYS, ...ONE_CLOCK] },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
)
