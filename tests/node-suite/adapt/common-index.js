'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by Node's test harness with require() */
// Written into the runtime as test/common/index.js: applies the harness adaptations (harness-adaptations.js),
// then loads Node's own test/common/index.js, unchanged, which the runner writes beside it as
// node-common-index.js. The tests themselves are not touched.
require('./harness-adaptations.js');
module.exports = require('./node-common-index.js');
