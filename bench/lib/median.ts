/** The middle value of a list of timings (the upper one of the two middles for an even count). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The value below which `p` per cent of the timings lie (nearest rank). */
export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? Number.NaN;
