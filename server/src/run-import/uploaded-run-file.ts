/** A file of a multipart upload, as the API receives it. */
export interface UploadedRunFile {
  originalname: string;
  buffer: Buffer;
}

/** Upload limits checked before anything is parsed. */
export const RUN_UPLOAD_LIMITS = { files: 50, fileSize: 100 * 1024 * 1024 };
