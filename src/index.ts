/**
 * gridsat's library API: read puzzles, solve and count them, verify and render solutions, and the
 * SAT and CNF layers underneath.
 */
export * from './sat/index.js';
export { parseDimacs, writeDimacs } from './sat/dimacs.js';
export { CnfCollector } from './sat/collector.js';
export * from './cnf/index.js';
export type { AnyPuzzleType, EncodeOptions, Encoded, PuzzleFormat, PuzzleType } from './puzzle/types.js';
export { findPuzzleType, puzzleTypes } from '../encodings/registry.js';
export { ParseError, type Location } from './util/errors.js';
export { readInputs, readText, readingsOf, type PuzzleEntry, type PuzzleOrigin, type ReadOptions, type Reading } from './formats/inputs.js';
export { solveEntry, decideEntry, type Decision } from './solve/readings.js';
export { solvePuzzle, type PuzzleReport, type PuzzleStatus, type SolveRequest } from './solve/pipeline.js';
export { runBatch, type BatchOptions, type BatchResult } from './batch/run.js';
export { parse, solve, count, verify, render, type Puzzle } from './api.js';
