// The two checks yargs imports from node:assert, without loading node:assert (and its colour
// and diff machinery) at every start-up of the bundled CLI.
'use strict';
function fail(message, actual, expected, op) {
  const err = new Error(message ?? `${String(actual)} ${op} ${String(expected)}`);
  err.code = 'ERR_ASSERTION';
  throw err;
}
exports.strictEqual = (actual, expected, message) => { if (!Object.is(actual, expected)) fail(message, actual, expected, '!=='); };
exports.notStrictEqual = (actual, expected, message) => { if (Object.is(actual, expected)) fail(message, actual, expected, '==='); };
