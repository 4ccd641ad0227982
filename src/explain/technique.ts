/**
 * How a step's facts force its cells: by plain unit propagation, by failed-literal probing on top of
 * it, or only by deeper case analysis (the explainer's fact solver tells them apart).
 */
export type Technique = 'propagation' | 'probing' | 'case analysis';

/** The ranking of techniques, easiest first. */
export const TECHNIQUES: readonly Technique[] = ['propagation', 'probing', 'case analysis'];
