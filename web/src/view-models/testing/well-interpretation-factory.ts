/** Test-only factory (never imported by the app). */
import type { WellInterpretation } from '../../api/types';

/** A well with no result unless the overrides say otherwise. */
export function wellInterpretation(overrides: Partial<WellInterpretation> = {}): WellInterpretation {
  return {
    id: 'well-1',
    name: 'Sample 1',
    position: 'A1',
    channel1: null,
    channel2: null,
    ratio: null,
    suggestedResult: null,
    resultState: 'NO_RESULT',
    reason: null,
    reasonCode: null,
    reasonParams: null,
    requiresReview: false,
    override: null,
    effectiveResult: null,
    sampleType: null,
    kitVersionId: null,
    ...overrides,
  };
}
