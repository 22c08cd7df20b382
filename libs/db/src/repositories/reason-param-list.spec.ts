import { reasonParamList } from './run.repository';

describe('reasonParamList: the positional parameters the client translates ({0}, {1}...)', () => {
  it('puts the channel first for curve issues and an amplification without Cq', () => {
    expect(reasonParamList('CURVE_SATURATED', { channel: 'FAM' })).toEqual(['FAM']);
    expect(reasonParamList('AMPLIFICATION_WITHOUT_CQ', { channel: 'HEX' })).toEqual(['HEX']);
  });
  it('keeps the documented names first, then the others in key order', () => {
    expect(reasonParamList('INVALID_DIAGNOSTIC', { extra: 2, label: 'Abnormal' })).toEqual(['Abnormal', '2']);
  });
  it('answers null without parameters', () => {
    expect(reasonParamList('BLANK_WELL', null)).toBeNull();
    expect(reasonParamList('BLANK_WELL', {})).toBeNull();
  });
});
