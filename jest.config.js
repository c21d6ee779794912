/** Jest: TypeScript through esbuild (jest.transform.js), vanilla-extract styles compiled for real. */
module.exports = {
  // Every core: jest's own default leaves one for itself (one worker on a 2-core machine), while
  // the main process only collects results. CI passes --maxWorkers=2 on its 2 cores as well.
  maxWorkers: "100%",
  // jsdom, remembering its style computations between two changes of the document (the file says why).
  testEnvironment: "<rootDir>/__tests__/helpers/jsdom-environment.js",
  roots: ["<rootDir>/__tests__"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "\\.css\\.ts$": "@vanilla-extract/jest-transform",
    "^.+\\.[jt]sx?$": "<rootDir>/jest.transform.js",
  },
  // Gatsby ships untranspiled ESM; let the transform handle it.
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|gatsby-plugin-image)/)"],
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  // Every temporary folder of a run inside one, removed at the end (__tests__/helpers/run-temp-setup.js).
  globalSetup: "<rootDir>/__tests__/helpers/run-temp-setup.js",
  globalTeardown: "<rootDir>/__tests__/helpers/run-temp-teardown.js",
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
}
