/**
 * Cq by second-derivative maximum (the LightCycler's Cp), first version: the discrete second
 * derivative of the corrected curve, its maximum refined by a parabola through the three
 * neighbouring points. Null when the curve has fewer than 5 reads.
 */
export function sdmCq(cycles: ArrayLike<number>, corrected: ArrayLike<number>, fromIndex = 0): number | null {
  const n = Math.min(cycles.length, corrected.length);
  if (n < 5) return null;
  let best = -1;
  let bestValue = -Infinity;
  const second = new Float64Array(n);
  for (let i = Math.max(1, fromIndex); i < n - 1; i++) {
    second[i] = corrected[i + 1] - 2 * corrected[i] + corrected[i - 1];
    if (second[i] > bestValue) {
      bestValue = second[i];
      best = i;
    }
  }
  if (best < 0 || bestValue <= 0) return null;
  if (best <= Math.max(1, fromIndex) || best >= n - 2) return cycles[best];
  const a = second[best - 1];
  const b = second[best];
  const c = second[best + 1];
  const denominator = a - 2 * b + c;
  const shift = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
  return cycles[best] + shift * (cycles[best + 1] - cycles[best]);
}
