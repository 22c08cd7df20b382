import { applyChannelMapping, channelKey, mapKitChannels } from './channel-mapping';
import { interpretWell } from './interpret';
import { configuration, diagnostic, expression, logisticCurve } from './test-factories';

describe('kit channel mapping', () => {
  it.each<[string, string[], string[]]>([
    ['QuantStudio FAM/VIC', ['FAM', 'VIC'], ['FAM', 'HEX']],
    ['CFX FAM/HEX/Cy5/ROX', ['FAM', 'HEX', 'Cy5', 'ROX'], ['FAM', 'HEX', 'CY5', 'ROX']],
    [
      'Rotor-Gene',
      ['Cycling A.Green', 'Cycling A.Yellow', 'Cycling A.Orange', 'Cycling A.Red'],
      ['FAM', 'HEX', 'ROX', 'CY5'],
    ],
    [
      'LightCycler 480 filter pairs',
      ['465-510', '533-580', '533-610', '618-660'],
      ['FAM', 'VIC', 'Texas Red', 'Cy5'],
    ],
    [
      'LightCycler 480 II filter pairs',
      ['483-533', '523-568', '558-610', '615-670'],
      ['SYBR', 'HEX', 'ROX', 'CY5'],
    ],
  ])('%s: default groups map every kit channel', (_name, analyser, kit) => {
    const mapping = mapKitChannels(kit, analyser);
    expect(mapping.errors).toEqual([]);
    expect(kit.map((k) => mapping.byKitChannel[k])).toEqual(analyser);
  });

  it('the explicit table wins over the defaults and reaches channels no default knows', () => {
    const mapping = mapKitChannels(['FAM', 'IC'], ['465-510', '533-580', '618-660'], {
      '618-660': 'FAM',
      '533-580': 'IC',
    });
    expect(mapping).toEqual({ byKitChannel: { FAM: '618-660', IC: '533-580' }, errors: [] });
  });

  it('an unmapped channel the kit needs is a CHANNEL_NOT_MAPPED error naming it, never a blank', () => {
    expect(mapKitChannels(['FAM', 'CY5'], ['FAM', 'HEX'])).toEqual({
      byKitChannel: { FAM: 'FAM' },
      errors: [{ code: 'CHANNEL_NOT_MAPPED', params: { channel: 'CY5' } }],
    });
    expect(mapKitChannels(['IC'], ['FAM']).errors).toEqual([
      { code: 'CHANNEL_NOT_MAPPED', params: { channel: 'IC' } },
    ]);
  });

  it('two analyser channels of one group without a table entry are ambiguous', () => {
    expect(mapKitChannels(['HEX'], ['VIC', '533-580']).errors).toEqual([
      { code: 'CHANNEL_MAPPED_TWICE', params: { channel: 'HEX', analyserChannels: 'VIC, 533-580' } },
    ]);
    expect(mapKitChannels(['HEX'], ['VIC', '533-580'], { '533-580': 'HEX' }).byKitChannel).toEqual({
      HEX: '533-580',
    });
  });

  it('normalises names: case, Rotor-Gene prefix, "465/510"', () => {
    expect(channelKey(' fam ')).toBe('FAM');
    expect(channelKey('Cycling B.Green')).toBe('GREEN');
    expect(channelKey('465/510')).toBe('465-510');
    expect(channelKey('Texas Red')).toBe('TEXAS RED');
  });

  it('renamed channels reach the kit rules: "CQ FAM" reads the LightCycler 465-510 channel', () => {
    const kit = configuration({
      channels: [{ channel: 'FAM', threshold: 100 }],
      diagnostics: [
        diagnostic({ id: 'positive', conditions: [{ expressions: [expression('CQ FAM', '<', 35)] }] }),
      ],
    });
    const well = {
      position: 'A1',
      sampleType: 'SAMPLE' as const,
      channels: [
        { dye: '465-510', curve: logisticCurve({ midpoint: 22, noise: 2, seed: 3 }) },
        { dye: '533-580', curve: logisticCurve({ midpoint: 25, noise: 2, seed: 4 }) },
      ],
    };
    expect(interpretWell(well, kit).suggestedDiagnosticId).toBeNull();
    const mapped = applyChannelMapping(well, mapKitChannels(['FAM'], ['465-510', '533-580']));
    expect(mapped.channels.map((c) => c.dye)).toEqual(['FAM']);
    expect(interpretWell(mapped, kit).suggestedDiagnosticId).toBe('positive');
  });
});
