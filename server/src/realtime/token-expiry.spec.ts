import { tokenExpiry } from './run-events.gateway';

const token = (payload: unknown): string =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('tokenExpiry', () => {
  it("reads a token's exp in milliseconds", () => {
    expect(tokenExpiry(token({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('answers null without a numeric exp or for garbage', () => {
    expect(tokenExpiry(token({ sub: 'x' }))).toBeNull();
    expect(tokenExpiry('garbage')).toBeNull();
  });
});
