import { HttpStatus, ValidationPipe } from '@nestjs/common';
import type { ErrorKey } from '@amplio/domain';
import { ApiError } from './api-error';
import { describeValidationFailure } from './validation-failure';

/** Validates every body and query against its DTO (unknown fields refused); 400 with SPEC 5's messages. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const body = describeValidationFailure(errors);
      return new ApiError(HttpStatus.BAD_REQUEST, body.message as ErrorKey, body.params);
    },
  });
}
