import { SAMPLE_TYPES, type SampleType } from '@amplio/domain';

/** Fill colour of a configured well by sample type (until sample types come from the server). */
export const SAMPLE_TYPE_COLOURS: Record<SampleType, string> = {
  SAMPLE: '#91caff',
  NEGATIVE_AMPLIFICATION_CONTROL: '#ffd591',
  NEGATIVE_EXTRACTION_CONTROL: '#ffadd2',
  POSITIVE_CONTROL: '#b7eb8f',
  BLANK_CONTROL: '#d9d9d9',
};

export { SAMPLE_TYPES };

export function isSampleType(value: unknown): value is SampleType {
  return typeof value === 'string' && (SAMPLE_TYPES as readonly string[]).includes(value);
}
