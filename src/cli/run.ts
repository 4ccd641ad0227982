/** The process entry of the CLI (bin/gridsat.js loads it, bundled into dist/gridsat.mjs when built). */
export { main } from './main.js';
