import { isConfigured, runLink } from './run-link';

const imported = { id: 'r1', status: 'RUN_TO_INTERPRET' as const, interpretationRunByName: null, kits: [] };

describe('run link', () => {
  it('sends an imported run to its configuration', () => {
    expect(isConfigured(imported)).toBe(false);
    expect(runLink(imported)).toBe('/run/configuration?id=r1');
  });

  it('sends a configured, interpreted or reviewed run to its interpretation', () => {
    expect(runLink({ ...imported, kits: [{ kitName: 'K', lotName: 'L' }] })).toBe('/run/r1');
    expect(runLink({ ...imported, interpretationRunByName: 'Tess' })).toBe('/run/r1');
    expect(runLink({ ...imported, status: 'WAIT_FOR_APPROVAL' })).toBe('/run/r1');
  });
});
