/** Test-only: agreement figures between our Cq and the instrument's. */
export interface CqPair {
  id: string;
  ours: number | null;
  instrument: number | null;
}

export interface AgreementFigures {
  compared: number;
  medianAbs: number;
  maxAbs: number;
  meanSigned: number;
  medianSigned: number;
  /** Wells where exactly one side has a Cq. */
  presenceMismatches: string[];
  worst: CqPair | null;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

export function agreement(pairs: CqPair[]): AgreementFigures {
  const signed: number[] = [];
  const presenceMismatches: string[] = [];
  let worst: CqPair | null = null;
  let worstAbs = -1;
  for (const pair of pairs) {
    if ((pair.ours === null) !== (pair.instrument === null)) presenceMismatches.push(pair.id);
    if (pair.ours === null || pair.instrument === null) continue;
    const diff = pair.ours - pair.instrument;
    signed.push(diff);
    if (Math.abs(diff) > worstAbs) {
      worstAbs = Math.abs(diff);
      worst = pair;
    }
  }
  const abs = signed.map(Math.abs);
  return {
    compared: signed.length,
    medianAbs: medianOf(abs),
    maxAbs: abs.length ? Math.max(...abs) : Number.NaN,
    meanSigned: signed.length ? signed.reduce((a, b) => a + b, 0) / signed.length : Number.NaN,
    medianSigned: medianOf(signed),
    presenceMismatches,
    worst,
  };
}

export function describeFigures(label: string, f: AgreementFigures): string {
  return `${label}: n=${f.compared} median |diff|=${f.medianAbs.toFixed(4)} max=${f.maxAbs.toFixed(4)} mean signed=${f.meanSigned.toFixed(4)} median signed=${f.medianSigned.toFixed(4)} presence mismatches=${f.presenceMismatches.length}${f.worst ? ` worst=${f.worst.id} (${f.worst.ours?.toFixed(3)} vs ${f.worst.instrument?.toFixed(3)})` : ''}`;
}
