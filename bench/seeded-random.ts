/**
 * Deterministic pseudo-random numbers in [0, 1) (a 32-bit linear congruential generator): benches
 * build the same plate or workbook on every machine and every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
