import { XMLBuilder } from 'fast-xml-parser';
import { CQ_DECIMALS, END_RFU_DECIMALS, formatDecimal, RATIO_DECIMALS } from './export-format';
import {
  effectiveResult,
  RESEARCH_USE_ONLY,
  type ExportAction,
  type ExportComment,
  type ExportResult,
  type ExportRun,
  type ExportScope,
  type ExportWell,
} from './export-run';
import { selectWells } from './export-selection';

/** Namespace of docs/export-schema.xsd, schema version 1. */
export const EXPORT_XML_NAMESPACE = 'urn:amplio:export:1';

type XmlNode = { [name: string]: XmlValue };
type XmlValue = string | XmlNode | XmlNode[] | string[] | undefined;

/** Characters XML 1.0 cannot carry at all (control characters other than tab, LF, CR). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes markup; CR as a character reference so a reader gets it back instead of a normalised LF. */
const escapeText = (value: string): string =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
/** In attributes also tab and LF, which attribute-value normalisation would turn into spaces. */
const escapeAttribute = (value: string): string =>
  escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  processEntities: false,
  tagValueProcessor: (_name: string, value: unknown) => escapeText(String(value)),
  attributeValueProcessor: (_name: string, value: unknown) => escapeAttribute(String(value)),
});

const dateTime = (date: Date): string => date.toISOString();
const decimal = (value: number | null | undefined, decimals: number): string | undefined =>
  value === null || value === undefined || !Number.isFinite(value)
    ? undefined
    : formatDecimal(value, decimals);
const optional = (value: string | null): string | undefined => (value === null ? undefined : value);
const hexColour = (colour: string): string | undefined =>
  /^#[0-9A-Fa-f]{6}$/.test(colour) ? colour : undefined;

const action = (value: ExportAction | null): XmlNode | undefined =>
  value ? { '@_name': value.name, '@_at': dateTime(value.at) } : undefined;
const result = (value: ExportResult | null): XmlNode | undefined =>
  value ? { '@_color': hexColour(value.color), '#text': value.label } : undefined;
const comment = (value: ExportComment): XmlNode => ({
  '@_author': value.author,
  '@_at': dateTime(value.at),
  '#text': value.text,
});

function wellNode(run: ExportRun, well: ExportWell): XmlNode {
  return {
    '@_id': well.id,
    '@_position': well.position,
    name: well.name,
    sampleType: optional(well.sampleType),
    kit: optional(well.kit),
    kitVersion: optional(well.kitVersion),
    lot: optional(well.lot),
    channel: run.channels.map((name) => {
      const values = well.channels[name];
      return {
        '@_name': name,
        cq: decimal(values?.cq, CQ_DECIMALS),
        endRfu: decimal(values?.endRfu, END_RFU_DECIMALS),
        instrumentCq: decimal(values?.instrumentCq, CQ_DECIMALS),
      };
    }),
    ratio: decimal(well.ratio, RATIO_DECIMALS),
    suggestedResult: result(well.suggestedResult),
    override: well.override
      ? {
          '@_color': hexColour(well.override.result.color),
          '@_by': well.override.by,
          '@_at': dateTime(well.override.at),
          '#text': well.override.result.label,
        }
      : undefined,
    effectiveResult: result(effectiveResult(well)),
    comment: well.comments.map(comment),
  };
}

/**
 * The run as XML (UTF-8) valid against docs/export-schema.xsd: machine-readable, so the element
 * names are fixed English, dates are UTC xs:dateTime and numbers carry the section 9 rounding.
 */
export function writeXml(run: ExportRun, scope: ExportScope = {}): Buffer {
  const wells = selectWells(run, scope);
  const document: XmlNode = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    runExport: {
      '@_xmlns': EXPORT_XML_NAMESPACE,
      '@_schemaVersion': '1',
      '@_locale': run.locale,
      run: {
        laboratory: run.laboratory,
        businessId: run.businessId,
        fileName: run.fileName,
        instrument: run.instrument,
        plateId: run.plateId,
        plateType: run.plateType,
        runDate: run.runDate ? dateTime(run.runDate) : undefined,
        importDate: dateTime(run.importDate),
        analyser: run.analyser,
        kits: { kit: run.kits.map((kit) => ({ name: kit.name, version: kit.version, lot: kit.lots })) },
        interpretedBy: action(run.interpretedBy),
        submittedBy: action(run.submittedBy),
        approvedBy: action(run.approvedBy),
        rejectedBy: action(run.rejectedBy),
        status: run.status,
        channels: { channel: run.channels },
      },
      wells: { well: wells.map((well) => wellNode(run, well)) },
      comments: { comment: run.comments.map(comment) },
      footer: {
        exportedAt: dateTime(run.footer.exportedAt),
        exportedBy: run.footer.exportedBy,
        productVersion: run.footer.productVersion,
        notice: RESEARCH_USE_ONLY,
      },
    },
  };
  return Buffer.from(builder.build(document), 'utf8');
}
