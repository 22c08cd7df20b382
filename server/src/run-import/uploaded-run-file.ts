/** A plate plan file (small, read in memory: at most PLATE_PLAN_UPLOAD.limits.fileSize). */
export interface UploadedRunFile {
  originalname: string;
  buffer: Buffer;
}

/**
 * Multer options of the plate-plan upload: one file of 5 MiB at most, names decoded as UTF-8 (busboy
 * defaults to Latin-1). Analyser files stream to disk instead (UploadInterceptor).
 */
export const PLATE_PLAN_UPLOAD = {
  limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024 * 1024 },
  defParamCharset: 'utf8',
};
