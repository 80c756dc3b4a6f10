// ESLint for companion/static/ (run by tests/unit/test_lint.py in the test command):
// the recommended rules; the pages are plain scripts sharing a few globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  // the Socket.IO client, from npm; our own scripts without comment lines (transport/lean.py)
  { ignores: ["companion/static/vendor/**", "companion/static/lean/**"] },
  js.configs.recommended,
  {
    files: ["companion/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {
        ...globals.browser,
        Companion: "writable",   // the pages' one global: the page's settings (.page) and the shared API
        io: "readonly",          // the Socket.IO client
      },
    },
    rules: {
      "no-unused-vars": ["error", {args: "none", caughtErrors: "none"}],
    },
  },
];
