/**
 * The difficulty grade `generate --difficulty` aims at. It comes from the step-by-step explainer
 * (the explain issue); until that is part of this build there is no grader and the option says so.
 */
import type { Grader } from './generate.js';

export const grader: Grader | undefined = undefined;
