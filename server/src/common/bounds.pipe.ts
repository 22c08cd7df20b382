import { type ArgumentMetadata, HttpStatus, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';
import { findOutOfBounds, type InputLimits } from './request-bounds';

/**
 * The same bounds as the request middleware, for values Nest builds itself (multipart fields):
 * NUL, string length, array length, depth. Runs before the ValidationPipe.
 */
@Injectable()
export class BoundsPipe implements PipeTransform {
  constructor(private readonly limits: InputLimits) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const field = findOutOfBounds(value, this.limits, metadata.type === 'query');
    if (field !== null) {
      const name = field === 'body' ? (metadata.data ?? metadata.type) : field;
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [name]);
    }
    return value;
  }
}
