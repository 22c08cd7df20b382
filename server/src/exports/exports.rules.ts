import { HttpStatus } from '@nestjs/common';
import { EXPORT_FORMATS, type ExportFormat, ExportError, checkCsvSeparator } from '@amplio/exports';
import { ApiError } from '../common/api-error';
import type { ExportRequestDto } from './dto/export-request.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `{kind}` names: a run id (the wells of the body belong to it) or a format (the run comes from the wells). */
export type ExportKind = { runId: string } | { format: ExportFormat };

export function parseExportKind(kind: string): ExportKind {
  if (UUID.test(kind)) return { runId: kind.toLowerCase() };
  const format = kind.toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(format)) return { format: format as ExportFormat };
  throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['kind']);
}

export interface CheckedExportRequest {
  format: ExportFormat;
  wellIds: string[] | null;
  isExportAsPlate: boolean;
  separator: string;
  progressId: string | null;
}

/**
 * SPEC 5 "Export": format pdf (default), xlsx, csv or xml; separator exactly one character (CSV
 * only, default comma); PDF as plate only for PDF; an empty selection is "No well to export".
 */
export function checkExportRequest(kind: ExportKind, body: ExportRequestDto): CheckedExportRequest {
  const format = body.format ?? ('format' in kind ? kind.format : 'pdf');
  if ('format' in kind && kind.format !== format)
    throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['format']);
  const wellIds = body.wellIds ? [...new Set(body.wellIds.map((id) => id.toLowerCase()))] : null;
  if (wellIds?.length === 0 || ('format' in kind && !wellIds))
    throw new ApiError(HttpStatus.BAD_REQUEST, 'errorExportNoWell');
  let separator = ',';
  // A separator sent with any format is checked: a two-character one is always a 400.
  if (format === 'csv' || body.separator !== undefined) {
    try {
      separator = checkCsvSeparator(body.separator ?? ',');
    } catch (error) {
      if (error instanceof ExportError) throw new ApiError(HttpStatus.BAD_REQUEST, error.key, error.params);
      throw error;
    }
  }
  return {
    format,
    wellIds,
    isExportAsPlate: format === 'pdf' && body.isExportAsPlate === true,
    separator: format === 'csv' ? separator : ',',
    progressId: body.progressId ?? null,
  };
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** en-GB unless the browser prefers French (Accept-Language). */
export function exportLocale(acceptLanguage: string | undefined): 'en-GB' | 'fr-FR' {
  return /^\s*fr\b/i.test(acceptLanguage ?? '') ? 'fr-FR' : 'en-GB';
}
