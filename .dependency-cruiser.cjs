// The layers of docs/layers.md, checked on every `npm test` (`npm run layers`). Each rule's name is what a
// wrong-way import is told; its comment says why the layer keeps to it. Type-only imports count: a layer
// that needs another's types depends on it as much as on its code.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be read, tested or loaded without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod',
      comment:
        'contract/ is shared by the app and the server: it holds shapes and the rules both enforce, so it may use nothing of either side.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^node_modules/zod/'] },
    },
    {
      name: 'shared-rules-stay-schema-free',
      comment:
        'contract/rules/ holds the rules the app and the server both run (timetable, language, free): the app loads them as code, so they import no schema and no zod.',
      severity: 'error',
      from: { path: '^contract/rules/' },
      to: { pathNot: '^contract/rules/' },
    },
    {
      name: 'app-takes-contract-schemas-as-types',
      comment:
        'The app and the machines take contract/’s schemas with `import type` only, so full zod never enters the bundle a student downloads; the shared rules of contract/rules/ and the zod/mini shapes the app reads its storage with (contract/stored.ts) are the exceptions.',
      severity: 'error',
      from: { path: ['^src/', '^machines/'] },
      to: {
        path: '^contract/',
        pathNot: ['^contract/rules/', '^contract/stored\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'stored-shapes-stay-mini',
      comment:
        'contract/stored.ts is loaded by the app, which reads its storage with it: it imports zod/mini and contract/rules/ only, so full zod (about 25 KB gzip) never follows it onto a phone.',
      severity: 'error',
      from: { path: '^contract/stored\\.ts$' },
      to: { pathNot: ['^contract/rules/', '^node_modules/zod/(v4/)?mini/'] },
    },
    {
      name: 'machines-import-only-contract',
      comment:
        'Statecharts stay pure: their effects are handed in with provide(), so they import only xstate, contract/ and each other.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^contract/', '^node_modules/xstate/'] },
    },
    {
      name: 'rules-are-pure',
      comment:
        'src/rules/ is pure functions and constants: no React, no I/O, so it imports only contract/, machines/ and itself.',
      severity: 'error',
      from: { path: '^src/rules/' },
      to: { pathNot: ['^src/rules/', '^contract/', '^machines/', '^node_modules/zod/'] },
    },
    {
      name: 'services-are-io-below-the-ui',
      comment:
        'src/services/ does I/O for whoever composes it: it knows nothing of actors, components, screens or the app.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: {
        path: ['^src/(actors|ui|screens|app)/', '^node_modules/(react|react-dom|@xstate/react|wouter)/'],
      },
    },
    {
      name: 'actors-hold-effects-not-views',
      comment:
        'src/actors/ holds each machine’s effects: it uses services and rules, never React, components, screens or the app.',
      severity: 'error',
      from: { path: '^src/actors/' },
      to: { path: ['^src/(ui|screens|app)/', '^node_modules/(react|react-dom|@xstate/react|wouter)/'] },
    },
    {
      name: 'ui-imports-no-services',
      comment:
        'Components are presentational: they render what they are given and send events; I/O, actors, screens and the app are out of their reach.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(services|actors|screens|app)/' },
    },
    {
      name: 'screens-do-no-io',
      comment:
        'Screens get their state from the app’s hooks; they never call the API, storage or the device themselves.',
      severity: 'error',
      from: { path: '^src/screens/' },
      to: { path: '^src/(services|actors)/' },
    },
    {
      name: 'service-worker-stays-below-the-app',
      comment:
        'The service worker runs without the page: it cannot use components, screens, actors or the app.',
      severity: 'error',
      from: { path: '^src/sw/' },
      to: { path: '^src/(ui|screens|actors|app)/' },
    },
    {
      name: 'server-never-imports-the-client',
      comment: 'The server and the app share contract/ only; anything else the server needs is its own.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ['^src/', '^machines/'] },
    },
    {
      name: 'client-never-imports-the-server',
      comment: 'The app reaches the server through the API only.',
      severity: 'error',
      from: { path: ['^src/', '^machines/', '^contract/'] },
      to: { path: '^server/' },
    },
    {
      name: 'server-modules-meet-through-interfaces',
      comment:
        'A server module uses another only through what it declares (a Fastify decoration typed in server/lib), never through its files.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'nothing-at-runtime-imports-seed',
      comment:
        'The seed is demo content: the entry point hands it in, so the running server never depends on it.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/seed/', '^server/main\\.ts$'] },
      to: { path: '^server/seed/' },
    },
    {
      name: 'product-never-imports-tests-or-scripts',
      comment: 'Tests and scripts use the product; the product never uses them.',
      severity: 'error',
      from: { path: ['^src/', '^server/', '^machines/', '^contract/'] },
      to: { path: '^(tests|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules/', '\\.css$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
