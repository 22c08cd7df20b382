import type { ChannelMappingError, ReasonCode } from '@amplio/interpretation';
import { filesByLocale } from './catalogue';
import { readAreaFiles } from './testing/test-i18n';

/** Every code a well's reasonCode can hold: the engine's, and the channel mapping's configuration errors. */
const CODES: Record<ReasonCode | ChannelMappingError['code'], true> = {
  BLANK_WELL: true,
  NO_DIAGNOSTIC_MATCHED: true,
  NO_CONTROL_DIAGNOSTIC_MATCHED: true,
  INVALID_DIAGNOSTIC: true,
  RUN_CONTROL_FAILED: true,
  AMPLIFICATION_WITHOUT_CQ: true,
  THRESHOLD_CROSSED_AT_LAST_READ: true,
  CURVE_MISSING: true,
  CURVE_NOT_NUMERIC: true,
  CURVE_TOO_SHORT: true,
  CURVE_DUPLICATE_CYCLES: true,
  CURVE_NEGATIVE: true,
  CURVE_SATURATED: true,
  CURVE_CONSTANT: true,
  CHANNEL_NOT_MAPPED: true,
  CHANNEL_MAPPED_TWICE: true,
};

describe('reason texts', () => {
  const locales = filesByLocale(readAreaFiles());

  it.each(['en-GB', 'fr-FR'])(
    '%s: every reason code has its text in reasons.json and in no other area',
    (locale) => {
      const areas = locales[locale];
      for (const code of Object.keys(CODES)) {
        expect(areas.reasons[`reason.${code}`]).toEqual(expect.any(String));
      }
      const elsewhere = Object.entries(areas)
        .filter(([area]) => area !== 'reasons')
        .flatMap(([area, texts]) =>
          Object.keys(texts)
            .filter((key) => key.startsWith('reason.'))
            .map((key) => `${area}: ${key}`),
        );
      expect(elsewhere).toEqual([]);
    },
  );

  it('the channel mapping texts name the kit channel ({0}), as the worker stores it', () => {
    expect(locales['en-GB'].reasons['reason.CHANNEL_NOT_MAPPED']).toBe(
      'Configuration error: kit channel {0} is not mapped to a channel of the analyser',
    );
    expect(locales['en-GB'].reasons['reason.CHANNEL_MAPPED_TWICE']).toContain('{0}');
  });
});
