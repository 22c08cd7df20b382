import {
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, finalize } from 'rxjs';
import { ApiError } from '../common/api-error';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import { receiveUpload, removeUploads, type StoredUpload, UploadRefused } from './upload-storage';

/** Upload files a service took over (recorded in an import); the others are deleted after the response. */
const claimed = new WeakSet<StoredUpload>();

export function claimUploads(files: StoredUpload[]): void {
  for (const file of files) claimed.add(file);
}

const MIB = 1024 * 1024;

function refusal(
  error: UploadRefused,
  maxFileBytes: number,
  maxRequestBytes: number,
  maxFiles = 0,
): ApiError {
  const failure = error.failure;
  switch (failure.kind) {
    case 'file-too-large':
      return new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'errorImportInvalidFile', [
        `${failure.file}: larger than ${Math.floor(maxFileBytes / MIB)} MiB`,
      ]);
    case 'request-too-large':
      return new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'errorImportInvalidFile', [
        `the files together are larger than ${Math.floor(maxRequestBytes / MIB)} MiB`,
      ]);
    case 'too-many-files':
      return new ApiError(HttpStatus.BAD_REQUEST, 'errorFileCountOutOfBounds', ['1', String(maxFiles)]);
    case 'bad-name':
      return new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['fileName']);
    case 'unexpected-field':
      return new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [failure.field]);
    case 'malformed':
      return new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['multipart']);
  }
}

/**
 * Like Nest's FilesInterceptor, but the files stream to the upload directory with the configured
 * limits (docs/security.md): `request.files` holds StoredUpload entries, `request.body` the fields.
 * An oversize request is refused from its Content-Length before a byte is read; otherwise as soon as
 * a limit is crossed. Files no service claimed are deleted once the response is sent.
 */
export function UploadInterceptor(fileFields: readonly string[], maxFiles?: number): Type<NestInterceptor> {
  @Injectable()
  class StreamingUploadInterceptor implements NestInterceptor {
    constructor(@Inject(API_RUNTIME) private readonly runtime: ApiRuntime) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<Request & { files?: StoredUpload[] }>();
      const limits = this.runtime.config.limits;
      const declared = Number(request.headers['content-length'] ?? NaN);
      const refuseEarly = (error: ApiError): ApiError => {
        // Answer now and discard the rest of the body as it arrives (nothing is stored or buffered);
        // closing the connection instead would make most clients fail with EPIPE, not read the 413.
        request.unpipe();
        request.resume();
        return error;
      };
      if (Number.isFinite(declared) && declared > limits.uploadMaxRequestBytes + 64 * 1024) {
        throw refuseEarly(
          refusal(new UploadRefused({ kind: 'request-too-large' }), 0, limits.uploadMaxRequestBytes),
        );
      }
      let upload: Awaited<ReturnType<typeof receiveUpload>>;
      const fileLimit = maxFiles ?? limits.uploadMaxFiles;
      try {
        upload = await receiveUpload(request, fileFields, {
          dir: limits.uploadDir,
          maxFileBytes: limits.uploadMaxFileBytes,
          maxFiles: fileLimit,
          maxRequestBytes: limits.uploadMaxRequestBytes,
          maxFieldBytes: 64 * 1024,
        });
      } catch (error) {
        if (error instanceof UploadRefused)
          throw refuseEarly(
            refusal(error, limits.uploadMaxFileBytes, limits.uploadMaxRequestBytes, fileLimit),
          );
        throw error;
      }
      request.body = upload.fields;
      request.files = upload.files;
      const leftovers = (): void =>
        void removeUploads(upload.files.filter((file) => !claimed.has(file)).map((file) => file.path));
      return next.handle().pipe(finalize(leftovers));
    }
  }
  return mixin(StreamingUploadInterceptor);
}
