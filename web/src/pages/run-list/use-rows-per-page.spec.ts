import { rowsPerPageFor } from './use-rows-per-page';

describe('rows per page', () => {
  it('fits 55 px rows under the chrome, the 38 px pagination and the 100 px layout', () => {
    expect(rowsPerPageFor(900)).toBe(Math.floor((900 - 64 - 96 - 55 - 38 - 100) / 55));
  });

  it('never shows fewer than 5 rows', () => {
    expect(rowsPerPageFor(300)).toBe(5);
  });
});
