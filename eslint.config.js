import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const ROUTES_ARE_LEAVES = {
  group: ["~/routes/*"],
  message: "Routes are leaves: import domain or service code instead.",
};
const NO_CRC32 = {
  name: "crc-32",
  message:
    "Node's zlib.crc32 is the checksum; libraries that use crc-32 are used as they are (no patching their checksum).",
};
/**
 * A package's build output (`<package>/dist/...`) is not its API: the names, files and module objects there change in
 * any release, and replacing an export on them patches the library for everyone. Import what the package exports
 * (its entry points); stylesheets it ships in dist (leaflet/dist/leaflet.css) are public files and stay allowed.
 */
const PACKAGE_INTERNALS = {
  group: ["**/dist/**", "!**/dist/**/*.css"],
  message: "A package's dist/ internals: import its public entry points (package exports) instead.",
};
/** The same for `import()` and `require()`, which no-restricted-imports does not see (\x2F is "/", which esquery's regex cannot hold). */
const PACKAGE_INTERNALS_DYNAMIC = [
  { selector: "ImportExpression[source.value=/\\x2Fdist\\x2F(?!.*\\.css$)/]", message: PACKAGE_INTERNALS.message },
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value=/\\x2Fdist\\x2F(?!.*\\.css$)/]",
    message: PACKAGE_INTERNALS.message,
  },
];
/** Private members of the libraries the report writers use: their public API only, so an upgrade cannot break a report. */
const LIBRARY_INTERNALS = {
  selector:
    "MemberExpression[property.name=/^_(font|fontSize|root|flush|worksheets|writableState|readableState|imageRegistry|fontFamilies)$/]",
  message: "A library's private member (pdfkit, exceljs, Node streams): use its public API.",
};
const ANY_PRIVATE_MEMBER = {
  selector: "MemberExpression[property.name=/^_/]",
  message: "Report writers and readers use pdfkit, exceljs and zip-stream through their public API only.",
};
/**
 * A forced full collection goes through collectGarbage (app/services/infra/memory.server.ts), the one module that
 * turns V8's --expose-gc on, for the app and the benches alike: no script or command line needs the flag.
 */
const FORCED_GC = [
  {
    selector: "CallExpression[callee.property.name='setFlagsFromString']",
    message: "V8 flags: collect through collectGarbage (memory.server.ts).",
  },
  {
    selector: "MemberExpression[object.name=/^(global|globalThis)$/][property.name='gc']",
    message: "Collect through collectGarbage (memory.server.ts).",
  },
  {
    selector: "Literal[value=/--expose[-_]gc/]",
    message: "Collect through collectGarbage (memory.server.ts), which needs no V8 flag on the command line.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      ".cache/**",
      ".data/**",
      "tests/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { paths: [NO_CRC32], patterns: [ROUTES_ARE_LEAVES, PACKAGE_INTERNALS] }],
      "no-restricted-syntax": ["error", LIBRARY_INTERNALS, ...PACKAGE_INTERNALS_DYNAMIC, ...FORCED_GC],
    },
  },
  {
    files: ["app/services/infra/memory.server.ts"],
    rules: { "no-restricted-syntax": ["error", LIBRARY_INTERNALS, ...PACKAGE_INTERNALS_DYNAMIC] },
  },
  {
    // exceljs reads uploaded workbooks, in one module; report workbooks are written by xlsx-writer.server.ts.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/services/portfolio/upload/reader.server.ts", "app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            NO_CRC32,
            {
              name: "exceljs",
              message: "exceljs reads uploads in app/services/portfolio/upload/reader.server.ts only.",
            },
          ],
          patterns: [ROUTES_ARE_LEAVES, PACKAGE_INTERNALS],
        },
      ],
    },
  },
  {
    files: [
      "app/services/reports/**/*.ts",
      "app/services/portfolio/upload/reader.server.ts",
      "app/services/commerce/invoice-pdf.server.ts",
    ],
    rules: { "no-restricted-syntax": ["error", ANY_PRIVATE_MEMBER, ...PACKAGE_INTERNALS_DYNAMIC, ...FORCED_GC] },
  },
  {
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/services/*", "~/routes/*", "@remix-run/*", "#db/*"],
              message: "app/domain is pure: no services, routes, Remix or database.",
            },
            PACKAGE_INTERNALS,
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
    rules: {
      "no-restricted-imports": ["error", { paths: [NO_CRC32], patterns: [PACKAGE_INTERNALS] }],
      "no-restricted-syntax": ["error", ...PACKAGE_INTERNALS_DYNAMIC, ...FORCED_GC],
    },
  },
);
