import type { ValidationError } from '@nestjs/common';
import type { ErrorBody } from '@amplio/domain';

const REQUIRED_CONSTRAINTS = new Set(['isNotEmpty', 'isDefined', 'arrayMinSize']);

function firstFailure(errors: ValidationError[], path = ''): { field: string; required: boolean } | null {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    if (error.constraints) {
      const names = Object.keys(error.constraints);
      const required =
        names.some((name) => REQUIRED_CONSTRAINTS.has(name)) ||
        (error.value === undefined && !names.includes('whitelistValidation'));
      return { field, required };
    }
    const nested = firstFailure(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/** SPEC 5's messages for a failed DTO: "{0} is required" or an invalid field, by name. */
export function describeValidationFailure(errors: ValidationError[]): Required<ErrorBody> {
  const failure = firstFailure(errors);
  if (failure?.required) return { message: 'errorFieldRequired', params: [failure.field] };
  return { message: 'errorValidation', params: failure ? [failure.field] : [] };
}
