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
            field: {
              analyserId: 'Analyser',
              diagnostics: 'Diagnostic',
              conditions: 'Condition',
              expressions: 'Expression',
              rightVariable: 'Right variable',
              control: 'Control',
              sampleType: 'Sample type',
            },
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

  it('reads a path into a kit configuration as the field it names, counted from 1', () => {
    const required = new ApiError(400, {
      message: 'errorFieldRequired',
      params: ['diagnostics[2].conditions[0].expressions[1].rightVariable'],
    });
    expect(errorDetail(required)).toBe(
      'Diagnostic 3 › Condition 1 › Expression 2 › Right variable is required',
    );
    const control = new ApiError(400, {
      message: 'errorFieldRequired',
      params: ['diagnostics[0].control.sampleType'],
    });
    expect(errorDetail(control)).toBe('Diagnostic 1 › Control › Sample type is required');
    // A free-text parameter (a file name with a dot) is left as it is.
    const free = new ApiError(400, { message: 'errorFieldRequired', params: ['run 2.xlsx: sheet'] });
    expect(errorDetail(free)).toBe('run 2.xlsx: sheet is required');
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
