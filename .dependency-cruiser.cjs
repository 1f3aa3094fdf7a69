/**
 * The project's import rules, checked by `npm test` (scripts/test.ts, stage "deps": one test per rule,
 * a violation fails the run). docs/ARCHITECTURE.md explains the layers; `npx depcruise -c
 * .dependency-cruiser.cjs <folders>` shows the violations one by one.
 *
 * Test files (`*.test.ts(x)`, server/test/, e2e/) may reach into any layer they test (a storefront test
 * against the real server, a rule's test against the server's charge), but take part in the no-cycles rule.
 */
const TEST = '(\\.test\\.tsx?$|^server/test/|^e2e/)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere: move the shared piece down a layer instead.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'schemas-import-nothing-above',
      comment: 'schemas/ (the field registry and the pure rules) is the ground: it imports only schemas/ and i18n/.',
      severity: 'error',
      from: { path: '^schemas/', pathNot: TEST },
      to: { path: '^(dataProvider|storefront|admin|server|e2e|bench|scripts|docs)/' },
    },
    {
      name: 'i18n-imports-nothing-of-ours',
      comment: 'i18n/ holds texts only: it imports nothing of ours outside i18n/.',
      severity: 'error',
      from: { path: '^i18n/', pathNot: TEST },
      to: { path: '^(schemas|dataProvider|storefront|admin|server|e2e|bench|scripts|docs)/' },
    },
    {
      name: 'dataProvider-imports-schemas-only',
      comment: "dataProvider/ (the browser's access to the server) imports schemas/ and i18n/ only.",
      severity: 'error',
      from: { path: '^dataProvider/', pathNot: TEST },
      to: { path: '^(storefront|admin|server|e2e|bench|scripts|docs)/' },
    },
    {
      name: 'browser-apps-never-import-the-server',
      comment: 'storefront/ and admin/ talk to the server over HTTP only (types the server answers are declared in schemas/).',
      severity: 'error',
      from: { path: '^(storefront|admin)/', pathNot: TEST },
      to: { path: '^(server|scripts|bench|e2e|docs)/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'The storefront and the admin share code through schemas/, dataProvider/ and i18n/ only.',
      severity: 'error',
      from: { path: '^storefront/', pathNot: TEST },
      to: { path: '^admin/' },
    },
    {
      name: 'admin-stays-apart',
      comment: 'The storefront and the admin share code through schemas/, dataProvider/ and i18n/ only.',
      severity: 'error',
      from: { path: '^admin/', pathNot: TEST },
      to: { path: '^storefront/' },
    },
    {
      name: 'server-never-imports-the-browser-apps',
      comment: "server/ imports no browser code and no React (the storefront's server renderer is loaded from the build at run time, features/seo/ssr.ts).",
      severity: 'error',
      from: { path: '^server/', pathNot: TEST },
      to: { path: '^(storefront|admin|dataProvider|scripts|bench|e2e|docs)/|^node_modules/(react|react-dom|react-admin|@mui)/' },
    },
    {
      name: 'server-generic-layers-import-no-feature',
      comment:
        'api/, rest/, db/ (migrations included), lib/ and the error and config modules are generic: a feature registers itself (its index.ts plugin) and adds its service to AppServices by declaration merging.',
      severity: 'error',
      from: { path: '^server/(api|rest|db|lib)/|^server/(errors|config)\\.ts$', pathNot: TEST },
      to: { path: '^server/(features|demo|cli|test)/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'server-features-meet-through-public-files',
      comment:
        "A server feature uses another only through that feature's public.ts (what it offers the others); its index.ts is its plugin, for the app's composition alone.",
      severity: 'error',
      from: { path: '^server/features/([^/]+)/', pathNot: TEST },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/public\\.ts$'] },
    },
    {
      name: 'server-tools-use-public-files',
      comment: 'The CLIs, the demo seed and the entry point use a feature through its public.ts too.',
      severity: 'error',
      from: { path: '^server/(cli|demo)/|^server/main\\.ts$', pathNot: TEST },
      to: { path: '^server/features/', pathNot: '^server/features/[^/]+/public\\.ts$' },
    },
    {
      name: 'feature-plugins-are-composed-by-the-app-only',
      comment: 'server/app.ts is the one place that lists the features (their index.ts plugins).',
      severity: 'error',
      from: { pathNot: ['^server/app\\.ts$', '^server/features/([^/]+)/'] },
      to: { path: '^server/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'storefront-features-meet-through-public-files',
      comment:
        "A storefront feature shares with the others through components/ShopContext and components/Slots (the app hands data and controls down), storefront/lib/ and components/; what it offers another feature's code directly is in its public.ts, and nothing else of it is imported from outside.",
      severity: 'error',
      from: { path: '^storefront/features/([^/]+)/', pathNot: TEST },
      to: { path: '^storefront/features/', pathNot: ['^storefront/features/$1/', '^storefront/features/[^/]+/public\\.ts$', '\\.css$'] },
    },
    {
      name: 'storefront-styles-beside-their-feature',
      comment: "A feature's page loads another feature's stylesheet (the CSS part of issue 31 moves shared rules down, then this becomes an error).",
      severity: 'warn',
      from: { path: '^storefront/features/([^/]+)/', pathNot: TEST },
      to: { path: '^storefront/features/.*\\.css$', pathNot: '^storefront/features/$1/' },
    },
    {
      name: 'storefront-shared-code-imports-no-feature',
      comment: 'storefront/components/ and storefront/lib/ sit below the features.',
      severity: 'error',
      from: { path: '^storefront/(components|lib)/', pathNot: TEST },
      to: { path: '^storefront/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle through types is a cycle of the design.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
