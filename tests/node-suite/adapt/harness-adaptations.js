'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by Node's test harness with require() */
// Written into the runtime as test/common/harness-adaptations.js and run before Node's test/common/index.js.
// Each adaptation stands in for something the harness itself (not a test) calls while loading, which the
// offline runtime lacks, so that one missing harness call does not fail every file the same way. Each is
// applied only where the runtime lacks the thing, and is listed in tests/node-suite/README.md; the runner
// reports how many files fail without them.

// Every process of the runtime shares one JavaScript realm, so a test that replaces a built-in (Object.keys,
// Error.prepareStackTrace…) changes it for every later process too, which Node's separate processes never do.
// The first process in a fresh realm notes the built-ins; a later one that finds them changed says so on one
// line and exits, and the runner replaces the realm (a fresh runtime frame), reruns the file and reports the
// leak against the file that ran before it.
const REALM_MARK = Symbol.for('tabsmith.node-suite.builtins');
const INTRINSICS = {
  Object, Function, Array, String, Number, Boolean, Symbol, Promise, RegExp, Date, Map, Set, WeakMap, WeakSet,
  Error, TypeError, RangeError, SyntaxError, ArrayBuffer, SharedArrayBuffer, DataView, Uint8Array, BigInt, Reflect,
  JSON, Math, TypedArray: Object.getPrototypeOf(Uint8Array),
};

function snapshotBuiltins() {
  const entries = new Map();
  for (const [name, value] of Object.entries(INTRINSICS)) {
    for (const [label, target] of [[name, value], [`${name}.prototype`, value.prototype]]) {
      if (target === undefined || target === null) continue;
      for (const key of Reflect.ownKeys(target)) {
        const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
        entries.set(`${label}.${String(key)}`, descriptor.value ?? descriptor.get);
      }
    }
  }
  entries.set('Error.prepareStackTrace', Error.prepareStackTrace);
  entries.set('Error.stackTraceLimit', Error.stackTraceLimit);
  return entries;
}

const noted = globalThis[REALM_MARK];
const now = snapshotBuiltins();
if (!noted) {
  Object.defineProperty(globalThis, REALM_MARK, { value: now, enumerable: false });
} else {
  const changed = [...new Set([...noted.keys(), ...now.keys()])].filter((key) => !Object.is(noted.get(key), now.get(key)));
  if (changed.length) {
    process.stdout.write(`[node-suite] built-ins changed by an earlier process: ${changed.slice(0, 8).join(', ')}\n`);
    process.exit(75);
  }
}

const net = require('net');

const util = require('util');

/** Adds `name` to `target` where it is missing; a module object that cannot take it is left as it is. */
function fill(target, name, value) {
  if (typeof target[name] === 'function') return;
  try {
    Object.defineProperty(target, name, { value, writable: true, configurable: true });
  } catch {
    // Not extensible: the harness will fail on it, and the file with it, as it would without this file.
  }
}

// test/common/index.js scales Happy Eyeballs' attempt timeout for slow machines (net, Node >= 19.8).
let attemptTimeout = 250;
fill(net, 'getDefaultAutoSelectFamilyAttemptTimeout', () => attemptTimeout);
fill(net, 'setDefaultAutoSelectFamilyAttemptTimeout', (value) => void (attemptTimeout = value));

// common.mustNotCall() and friends note where they were created with util.getCallSites() (Node >= 22.9), to name
// it if the function is ever called. This reads the same from V8's stack text: function, file, line, column.
fill(util, 'getCallSites', (frames = 8) =>
  String(new Error().stack)
    .split('\n')
    .slice(2, 2 + frames)
    .map((line) => /at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(line.trim()))
    .filter(Boolean)
    .map(([, functionName = '', scriptName, lineNumber, column]) => ({ functionName, scriptName, lineNumber: Number(lineNumber), column: Number(column) })),
);
