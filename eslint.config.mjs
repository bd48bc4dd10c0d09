// ESLint for the app's own scripts (static/js; the vendored ones are not ours). It looks for
// what a browser only finds when the line runs: a name never defined (a club night's "Done"
// once named a variable that no longer existed, and the secretary saw an error after a good
// download), a variable never used.
import globals from "globals";

const rules = {
  "no-undef": "error",
  "no-unused-vars": ["error", { caughtErrors: "none" }],
};

export default [
  {
    files: ["static/js/**/*.js"],
    ignores: ["static/js/sw.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {
        ...globals.browser,
        // Django's JavaScript catalog (jsi18n), loaded before the app's scripts.
        gettext: "readonly",
        ngettext: "readonly",
        interpolate: "readonly",
        // Vendored libraries, loaded by the page before the scripts that use them.
        htmx: "readonly",
        Chart: "readonly",
      },
    },
    rules,
  },
  {
    // The tablet's service worker: a worker's globals, not a page's.
    files: ["static/js/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.serviceworker },
    rules,
  },
];
