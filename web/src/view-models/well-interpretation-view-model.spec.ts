import type { i18n } from 'i18next';
import { createTestI18n } from '../i18n/testing/test-i18n';
import { wellInterpretation } from './testing/well-interpretation-factory';
import { effectiveResult, reasonText, resultCaptions, resultText } from './well-interpretation-view-model';

describe('well interpretation reason, with the real catalogue', () => {
  let french: i18n;
  let english: i18n;
  beforeAll(async () => {
    french = await createTestI18n('fr-FR');
    english = await createTestI18n('en-GB');
  });

  const invalidWell = wellInterpretation({
    resultState: 'INVALID',
    reason: 'Channel FAM: unreadable curve (saturated (clipped) readings)',
    reasonCode: 'CURVE_SATURATED',
    reasonParams: ['FAM'],
  });

  it('shows a French user the translated reason and state of an invalid well', () => {
    expect(reasonText(invalidWell, french.t)).toBe('FR_Channel FAM: saturated (clipped) readings');
    expect(resultText(invalidWell, french.t)).toBe(`FR_${english.t('resultState.INVALID')}`);
  });

  it('translates a code without parameters', () => {
    const well = wellInterpretation({
      resultState: 'INVALID',
      reason: 'Run control failed (NTC: Control failed)',
      reasonCode: 'RUN_CONTROL_FAILED',
    });
    expect(reasonText(well, french.t)).toBe('FR_A run control failed');
    expect(reasonText(well, english.t)).toBe('A run control failed');
  });

  it('falls back to the stored English reason for old rows, unknown codes and missing parameters', () => {
    const old = wellInterpretation({ resultState: 'NO_RESULT', reason: 'No diagnostic matched' });
    expect(reasonText(old, french.t)).toBe('No diagnostic matched');
    const unknown = wellInterpretation({ reason: 'Something new', reasonCode: 'SOMETHING_NEW' });
    expect(reasonText(unknown, french.t)).toBe('Something new');
    const noParams = wellInterpretation({
      reason: 'Channel HEX: no Cq',
      reasonCode: 'AMPLIFICATION_WITHOUT_CQ',
    });
    expect(reasonText(noParams, french.t)).toBe('Channel HEX: no Cq');
  });

  it('has no reason for a plain result', () => {
    expect(reasonText(wellInterpretation({ resultState: 'RESULT' }), french.t)).toBeNull();
  });
});

describe('effective result (SPEC 3): override if present, otherwise suggested', () => {
  const suggested = { label: 'Healthy', color: '#00ff00', validityType: 'VALID' as const };
  const override = { label: 'Abnormal', color: '#ff0000', validityType: 'INVALID' as const };
  it('uses the override everywhere: result text and plate captions', async () => {
    const english = await createTestI18n('en-GB');
    const well = {
      ...wellInterpretation({ resultState: 'RESULT', suggestedResult: suggested }),
      effectiveResult: override,
    };
    expect(effectiveResult(well)).toEqual(override);
    expect(resultText(well, english.t)).toBe('Abnormal');
    expect(resultCaptions([well])).toEqual([['Abnormal', '#ff0000']]);
  });
  it('falls back to the suggested result for rows without an effective result', () => {
    const well = wellInterpretation({ resultState: 'RESULT', suggestedResult: suggested });
    expect(effectiveResult(well)).toEqual(suggested);
  });
});
