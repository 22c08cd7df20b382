import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorBody } from '@amplio/domain';

const KEY_BY_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.UNAUTHORIZED]: 'errorUnauthorized',
  [HttpStatus.FORBIDDEN]: 'errorForbidden',
  [HttpStatus.NOT_FOUND]: 'errorNotFound',
  [HttpStatus.BAD_REQUEST]: 'errorValidation',
};

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    /^error[A-Z]/.test((value as ErrorBody).message)
  );
}

/** Every error leaves as one body: { message: <translation key>, params }. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (isErrorBody(raw)) {
        response.status(status).json({ message: raw.message, params: raw.params ?? [] });
        return;
      }
      const messages = typeof raw === 'object' && raw !== null ? (raw as { message?: unknown }).message : raw;
      const params = Array.isArray(messages)
        ? messages.map(String)
        : typeof messages === 'string'
          ? [messages]
          : [];
      response.status(status).json({ message: KEY_BY_STATUS[status] ?? 'errorInternal', params });
      return;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'errorInternal', params: [] });
  }
}
