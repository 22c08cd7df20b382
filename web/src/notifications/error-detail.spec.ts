import i18next from 'i18next';
import { ApiError } from '../api/api-client';
import { errorDetail } from './error-detail';

describe('errorDetail (SPEC 8 notification body)', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en-GB',
      resources: {
        'en-GB': {
          translation: {
            errorImportInvalidFile: 'An error occurred during the file parsing: invalid file: {0}',
            errorFieldRequired: '{0} is required',
            field: { analyserId: 'Analyser' },
            notification: { noDetailAvailable: 'No detail available' },
          },
        },
      },
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
  });

  it('translates a server key with its parameters', () => {
    const error = new ApiError(400, {
      message: 'errorImportInvalidFile',
      params: ['run.xlsx: sheet missing'],
    });
    expect(errorDetail(error)).toBe(
      'An error occurred during the file parsing: invalid file: run.xlsx: sheet missing',
    );
  });

  it('reads a field-name parameter as its label', () => {
    expect(errorDetail(new ApiError(400, { message: 'errorFieldRequired', params: ['analyserId'] }))).toBe(
      'Analyser is required',
    );
  });

  it('shows "No message available" as it is and an unknown message untranslated', () => {
    expect(errorDetail(new ApiError(500, { message: 'No message available' }))).toBe('No message available');
    expect(errorDetail(new ApiError(500, { message: 'Gateway exploded' }))).toBe('Gateway exploded');
  });

  it("falls back to the error's message, then to No detail available", () => {
    expect(errorDetail(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorDetail(new ApiError(502, null))).toBe('HTTP 502');
    expect(errorDetail(undefined)).toBe('No detail available');
  });
});
