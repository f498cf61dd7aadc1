// Three layers in one run: unit (libs, domain, client rules), api (supertest against the real app on a
// fresh migrated database per file) and browser (playwright-core driving Chromium against the built app).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^#rng$': '<rootDir>/libs/rng/src/index.ts',
    '^#draw-engine$': '<rootDir>/libs/draw-engine/src/index.ts',
    '^#transparency-log$': '<rootDir>/libs/transparency-log/src/index.ts',
    '^#password-policy$': '<rootDir>/libs/password-policy/src/index.ts',
    '^#entries-file$': '<rootDir>/libs/entries-file/src/index.ts',
    '^#rules$': '<rootDir>/libs/rules/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // CommonJS packages that require() an ESM-only dependency: Node 20 can, Jest's module system cannot, so the
  // dependency is compiled to CommonJS for the tests.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  testEnvironment: 'node',
};

export default {
  // The limit only stops a hung test: some start servers or an embedded PostgreSQL, on two cores that may be busy.
  testTimeout: 120_000,
  // Two files at a time even on two cores: much of a test's time is spent waiting on PostgreSQL, Chromium or a
  // child server, and every file has its own database (test/setup/test-database.ts).
  maxWorkers: 2,
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/src/**/*.spec.ts', '<rootDir>/client/src/**/*.spec.ts', '<rootDir>/test/support/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      setupFilesAfterEnv: ['<rootDir>/test/setup/browser-timeout.ts'],
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
    },
  ],
};
