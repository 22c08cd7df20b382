import { MAX_SEARCH_WORDS, MAX_SEARCH_WORD_LENGTH, searchWords } from './run-search-index';

describe('searchWords', () => {
  it('means no search for nothing, blanks or null', () => {
    expect(searchWords(null)).toEqual([]);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('  \t ')).toEqual([]);
  });

  it('splits on spaces and keeps % _ quotes and backslashes as typed', () => {
    expect(searchWords(` 100%_x  o'brien "a" \\b `)).toEqual(['100%_x', "o'brien", '"a"', '\\b']);
  });

  it('turns control characters (NUL included) into spaces; only control characters match nothing', () => {
    expect(searchWords('ab\u0000cd')).toEqual(['ab', 'cd']);
    expect(searchWords('\u0000\u0001')).toBeNull();
  });

  it('keeps at most 8 words of 100 characters', () => {
    const words = searchWords(
      `${'x'.repeat(10_000)} ${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}`,
    );
    expect(words).toHaveLength(MAX_SEARCH_WORDS);
    expect(words?.[0]).toHaveLength(MAX_SEARCH_WORD_LENGTH);
  });
});
