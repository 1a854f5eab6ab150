/**
 * The flags Node 22 knows, so that `node` can refuse the ones it does not with Node's own words
 * (`node: bad option: --xyz`) instead of taking them for something else, and knows which flags take the
 * next word as their value. Flags with no meaning in a tab (--inspect, --cpu-prof, …) are known and accepted.
 */

/** Flags whose value may be the next word (`--require x`); `--flag=value` works for them as well. */
const FLAGS_WITH_VALUE: ReadonlySet<string> = new Set(
  `
  --allow-fs-read --allow-fs-write --build-snapshot-config --conditions --cpu-prof-dir --cpu-prof-interval
  --cpu-prof-name --debug-port --diagnostic-dir --disable-warning --dns-result-order --env-file
  --env-file-if-exists --experimental-config-file --experimental-default-type --experimental-loader
  --experimental-sea-config --heap-prof-dir --heap-prof-interval --heap-prof-name --heapsnapshot-near-heap-limit
  --heapsnapshot-signal --icu-data-dir --import --input-type --inspect-port --loader --localstorage-file
  --max-heap-size --max-http-header-size --max-old-space-size --max-semi-space-size
  --network-family-autoselection-attempt-timeout --openssl-config --redirect-warnings --report-dir
  --report-directory --report-filename --report-signal --require --run --secure-heap --secure-heap-min
  --snapshot-blob --stack-size --stack-trace-limit --test-concurrency --test-coverage-branches
  --test-coverage-exclude --test-coverage-functions --test-coverage-include --test-coverage-lines
  --test-global-setup --test-isolation --test-name-pattern --test-random-seed --test-reporter
  --test-reporter-destination --test-rerun-failures --test-shard --test-skip-pattern --test-timeout --title
  --tls-cipher-list --tls-keylog --trace-event-categories --trace-event-file-pattern --unhandled-rejections
  --v8-pool-size --watch-kill-signal --watch-path -C -r
`
    .split(/\s+/)
    .filter(Boolean),
);

const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(
  `
  --abort-on-uncaught-exception --addons --allow-addons --allow-child-process --allow-inspector
  --allow-natives-syntax --allow-openssl-store --allow-wasi --allow-worker --async-context-frame
  --build-snapshot --check --completion-bash --cpu-prof --debug-arraybuffer-allocations --deprecation
  --disable-proto --disable-sigusr1 --disable-wasm-trap-handler --disallow-code-generation-from-strings
  --enable-etw-stack-walking --enable-fips --enable-network-family-autoselection --enable-source-maps
  --entry-url --es-module-specifier-resolution --experimental-abortcontroller --experimental-addon-modules
  --experimental-detect-module --experimental-eventsource --experimental-fetch --experimental-global-customevent
  --experimental-global-navigator --experimental-global-webcrypto --experimental-import-meta-resolve
  --experimental-import-text --experimental-json-modules --experimental-modules
  --experimental-network-inspection --experimental-package-map --experimental-permission
  --experimental-print-required-tla --experimental-quic --experimental-repl-await --experimental-report
  --experimental-require-module --experimental-shadow-realm --experimental-specifier-resolution
  --experimental-sqlite --experimental-stream-iter --experimental-strip-types --experimental-test-coverage
  --experimental-test-isolation --experimental-test-module-mocks --experimental-test-snapshots
  --experimental-top-level-await --experimental-transform-types --experimental-vm-modules
  --experimental-wasi-unstable-preview1 --experimental-wasm-modules --experimental-websocket
  --experimental-webstorage --experimental-worker --expose-gc --expose-internals --extra-info-on-fatal-exception
  --force-async-hooks-checks --force-context-aware --force-fips --force-node-api-uncaught-exceptions-policy
  --frozen-intrinsics --global-search-paths --heap-prof --help --http-parser --insecure-http-parser --inspect
  --inspect-brk --inspect-publish-uid --inspect-wait --interactive --interpreted-frames-native-stack --jitless
  --max-old-space-size-percentage --napi-modules --network-family-autoselection --no-opt --node-memory-debug
  --node-snapshot --openssl-legacy-provider --openssl-shared-config --pending-deprecation --perf-basic-prof
  --perf-basic-prof-only-functions --perf-prof --perf-prof-unwinding-info --permission --permission-audit
  --predictable --preserve-symlinks --preserve-symlinks-main --prof --prof-process --report-compact
  --report-exclude-env --report-exclude-network --report-on-fatalerror --report-on-signal
  --report-uncaught-exception --require-module --single-threaded --strip-types --test --test-force-exit
  --test-only --test-randomize --test-update-snapshots --throw-deprecation --tls-max-v1.2 --tls-max-v1.3
  --tls-min-v1.0 --tls-min-v1.1 --tls-min-v1.2 --tls-min-v1.3 --trace-deprecation --trace-env
  --trace-env-js-stack --trace-env-native-stack --trace-events-enabled --trace-exit --trace-gc --trace-promises
  --trace-require-module --trace-sigint --trace-sync-io --trace-tls --trace-uncaught --trace-warnings
  --track-heap-objects --use-bundled-ca --use-env-proxy --use-largepages --use-openssl-ca --use-system-ca
  --v8-options --verify-base-objects --version --warnings --watch --watch-preserve-output --zero-fill-buffers -c
  -h -i -v
`
    .split(/\s+/)
    .filter(Boolean),
);

/** V8's own flags are many; these families pass through Node to V8 and must not be refused. */
const V8_FLAG = /^--(?:no-)?(?:harmony|trace-|max-|expose-|allow-|experimental-wasm-|turbo|opt|lazy|stack-)/;

/** The flag's name as Node compares it: V8 spells words with underscores or dashes alike. */
function canonical(flag: string): string {
  const name = flag.includes('=') ? flag.slice(0, flag.indexOf('=')) : flag;
  return name.startsWith('--') ? `--${name.slice(2).replace(/_/g, '-')}` : name;
}

export function takesValue(flag: string): boolean {
  return FLAGS_WITH_VALUE.has(canonical(flag));
}

export function isKnownFlag(flag: string): boolean {
  const name = canonical(flag);
  if (FLAGS_WITH_VALUE.has(name) || BOOLEAN_FLAGS.has(name) || V8_FLAG.test(name)) return true;
  return name.startsWith('--no-') && BOOLEAN_FLAGS.has(`--${name.slice(5)}`);
}
