/** The CNF modelling layer: Model, cardinality encodings, integers and sums, and queries. */
export * from './model.js';
export * from './cardinality.js';
export * from './integers.js';
export * from './queries.js';
