/** Dependency rules of DESIGN.md, checked by `npm run lint`: a wrong arrow fails CI. */
module.exports = {
  forbidden: [
    {
      name: 'libs-are-framework-free',
      comment: 'libs/ import nothing of src/, Nest, TypeORM, class-validator or Fastify.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: ['^src/', '^client/', 'node_modules/(@nestjs|typeorm|class-validator|class-transformer|fastify|@fastify|pg)/'] },
    },
    {
      name: 'domain-imports-no-framework',
      comment: 'domain/ holds pure rules: no @nestjs, typeorm, class-validator or Fastify.',
      severity: 'error',
      from: { path: '^src/[^/]+/domain/' },
      to: { path: ['node_modules/(@nestjs|typeorm|class-validator|class-transformer|fastify|@fastify|pg)/', '^src/[^/]+/(application|infrastructure|api)/'] },
    },
    {
      name: 'application-does-not-reach-out',
      comment: "application/ never imports infrastructure or api, except its own module's concrete repositories (infrastructure/*.repository.ts: plain tables, docs/decisions.md issue 28).",
      severity: 'error',
      from: { path: '^src/([^/]+)/application/' },
      to: { path: '^src/[^/]+/(infrastructure|api)/', pathNot: '^src/$1/infrastructure/[^/]+\\.repository\\.ts$' },
    },
    {
      name: 'modules-talk-through-application',
      comment: "A module uses another module's exported application services only, never its infrastructure or domain internals.",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      // Published by accounts for every module's controllers: the caller decorators and the e-mail rule; by the draw
      // log, its proof shapes (a certificate carries its draw's proofs in the same JSON).
      to: {
        path: '^src/([^/]+)/(infrastructure|api)/',
        pathNot: ['^src/$1/', '^src/platform/', '^src/accounts/api/auth/caller\\.ts$', '^src/accounts/api/dto/is-account-email\\.ts$', '^src/draw-log/api/dto/draw-log\\.dto\\.ts$'],
      },
    },
    {
      name: 'client-stays-in-client',
      comment: 'The client talks to the server only over HTTP, through the generated API.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: ['^src/', '^test/'] },
    },
    {
      name: 'no-generated-hooks-in-features',
      comment: 'Features import the enhanced API files, never the generated ones.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: '^client/src/api/' },
      to: { path: '^client/src/api/generated/' },
    },
    {
      name: 'client-features-do-not-import-app',
      comment: 'The client in layers, as in bulletproof-react: app/ composes the features (routes, providers, store); a feature never imports it.',
      severity: 'error',
      from: { path: '^client/src/features/' },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'client-features-do-not-import-each-other',
      comment: 'A feature uses lib/ and shared/, never another feature: what two features share moves down, and a page that shows two features is composed in app/routes/.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-shared-code-stays-below-features',
      comment: 'lib/ (hooks, route helpers, state), shared/ (shared UI) and api/ import neither features nor app/.',
      severity: 'error',
      from: { path: '^client/src/(lib|shared|api)/' },
      to: { path: '^client/src/(features|app)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(src|libs)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['dist/', 'client/dist/'] },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.d.ts'] },
  },
};
