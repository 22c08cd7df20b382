import type { ValidationError } from '@nestjs/common';
import { describeValidationFailure } from './validation-failure';

function error(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
  value: unknown = 'x',
): ValidationError {
  return { property, constraints, children, value };
}

describe('describeValidationFailure', () => {
  it('says a missing field is required', () => {
    expect(
      describeValidationFailure([error('instrumentName', { isNotEmpty: 'instrumentName' }, [], '')]),
    ).toEqual({
      message: 'errorFieldRequired',
      params: ['instrumentName'],
    });
  });

  it('names the nested field that is invalid', () => {
    const wells = error('wells', undefined, [
      error('0', undefined, [error('position', { matches: 'position must match' })]),
    ]);
    expect(describeValidationFailure([wells])).toEqual({
      message: 'errorValidation',
      params: ['wells.0.position'],
    });
  });

  it('refuses unknown fields as invalid', () => {
    expect(describeValidationFailure([error('hacker', { whitelistValidation: 'should not exist' })])).toEqual(
      {
        message: 'errorValidation',
        params: ['hacker'],
      },
    );
  });
});
