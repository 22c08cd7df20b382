import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorKey } from '@amplio/domain';

/** An error the user sees: a translation key with its parameters (CONVENTIONS 6). */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, key: ErrorKey, params: string[] = []) {
    super({ message: key, params }, status);
  }
}
