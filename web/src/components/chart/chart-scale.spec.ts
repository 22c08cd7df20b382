import { channelColour, FAM_COLOUR, logAxisMin, OTHER_CHANNEL_COLOUR, yAxisMax } from './chart-scale';

describe('chart scale', () => {
  it('draws FAM green and any other channel blue', () => {
    expect(channelColour('Fam-MGB')).toBe(FAM_COLOUR);
    expect(channelColour('VIC')).toBe(OTHER_CHANNEL_COLOUR);
  });

  it('uses threshold + 50 when it stays above the data without flattening it', () => {
    expect(yAxisMax(1500, 1520)).toEqual({ yMax: 1550, ySuggestedMax: undefined });
  });

  it('follows the data when threshold + 50 would clip the curves', () => {
    const scale = yAxisMax(1500, 9000);
    expect(scale.yMax).toBeUndefined();
    expect(scale.ySuggestedMax).toBeCloseTo(1650);
  });

  it('follows the data when threshold + 50 would flatten normalised curves', () => {
    expect(yAxisMax(0.1, 6.5).yMax).toBeUndefined();
  });
});

describe('logAxisMin', () => {
  it('keeps the SPEC minimum 1 unless a threshold lies below it', () => {
    expect(logAxisMin(100)).toBe(1);
    expect(logAxisMin(Number.POSITIVE_INFINITY)).toBe(1);
    expect(logAxisMin(0.1)).toBeCloseTo(0.01);
    expect(logAxisMin(0.067)).toBeCloseTo(0.01);
    expect(logAxisMin(0)).toBe(1);
  });
});
