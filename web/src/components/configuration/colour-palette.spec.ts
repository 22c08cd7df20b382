import { COLOUR_HISTORY_SIZE, DEFAULT_COLOURS, pushColour } from './colour-palette';

describe('colour palette', () => {
  it('has 17 distinct default colours', () => {
    expect(DEFAULT_COLOURS).toHaveLength(17);
    expect(new Set(DEFAULT_COLOURS.map((c) => c.toLowerCase())).size).toBe(17);
  });

  it('keeps the 18 newest colours, newest first, without case-insensitive duplicates', () => {
    let history: string[] = [];
    for (let i = 0; i < 25; i += 1) history = pushColour(history, `#0000${String(i).padStart(2, '0')}`);
    expect(history).toHaveLength(COLOUR_HISTORY_SIZE);
    expect(history[0]).toBe('#000024');
    expect(pushColour(['#abcdef', '#111111'], '#ABCDEF')).toEqual(['#abcdef', '#111111']);
  });
});
