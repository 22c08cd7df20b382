import type { KitConfiguration, KitVersion } from '../../api/configuration-api';
import { permissionsOf } from '../../auth/permissions';
import type { Me } from '../../api/types';
import {
  canLabel,
  configurationKey,
  labelledResults,
  missingForLabelling,
  relabel,
} from './results-labelling';

function configuration(kitAnalyserId: string, analyser: string, versionId = 'v1'): KitConfiguration {
  return {
    kitAnalyser: {
      kitAnalyserId,
      analyserId: analyser,
      name: analyser,
      status: 'ACTIVE',
      kitId: 'k1',
      kitName: 'Respiratory',
      kitVersionId: versionId,
      version: versionId === 'v1' ? '1.0' : '2.0',
      locked: false,
      laboratoryId: 'lab',
      laboratoryName: 'Demo lab',
      sourceId: 'official',
      configurationVersion: 3,
    },
    kitAnalyserChannels: [{ channel: 'FAM', threshold: 100 }],
    cqMethod: 'threshold',
    ratio: null,
    diagnostics: [
      { id: `${kitAnalyserId}-p`, diagnosticType: 'RESULT', label: 'Positive', color: '#f5222d' },
      { id: `${kitAnalyserId}-n`, diagnosticType: 'RESULT', label: 'Negative', color: '#52c41a' },
      { id: `${kitAnalyserId}-c`, diagnosticType: 'CONTROL', label: 'Positive', color: '#1677ff' },
    ],
  };
}

function me(roles: string[], kitManufacturer = false): Me {
  return { roles, laboratory: { kitManufacturer } } as unknown as Me;
}

function version(overrides: Partial<KitVersion>): KitVersion {
  return {
    locked: false,
    deleted: false,
    laboratoryId: 'lab',
    source: { id: 'official', version: '1.0' },
    ...overrides,
  } as KitVersion;
}

describe('results labelling', () => {
  const cfx = configuration('ka-cfx', 'CFX');
  const lc = configuration('ka-lc', 'LightCycler');
  const other = configuration('ka-v2', 'CFX', 'v2');

  it('one labelled result per version and label, across its analysers; controls are not results', () => {
    const results = labelledResults([cfx, lc, other]);
    expect(results.map((r) => `${r.version}:${r.label}:${r.analysers.join('+')}`)).toEqual([
      '1.0:Negative:CFX+LightCycler',
      '1.0:Positive:CFX+LightCycler',
      '2.0:Negative:CFX',
      '2.0:Positive:CFX',
    ]);
    expect(results[1].colours).toEqual(['#f5222d']);
  });

  it('renames the chosen result in every configuration of its version, and touches nothing else', () => {
    const unsaved = { ...lc, kitAnalyser: { ...lc.kitAnalyser, kitAnalyserId: null } };
    const positive = labelledResults([cfx, unsaved, other]).filter((r) => r.key === 'v1|Positive');
    expect(positive[0].configurationKeys).toEqual(['v1:CFX', 'v1:LightCycler']);
    const changed = relabel([cfx, unsaved, other], positive, '  SARS-CoV-2 detected ');
    expect(changed.map((c) => configurationKey(c))).toEqual(['v1:CFX', 'v1:LightCycler']);
    for (const c of changed) {
      expect(c.diagnostics.map((d) => d.label)).toEqual(['SARS-CoV-2 detected', 'Negative', 'Positive']);
      expect(c.kitAnalyser.configurationVersion).toBe(3);
    }
  });

  it('SPEC 5: saving needs at least one kit, one diagnostic and a label', () => {
    expect(missingForLabelling([], ['x'], 'a')).toBe('kit');
    expect(missingForLabelling(['k'], [], 'a')).toBe('diagnostic');
    expect(missingForLabelling(['k'], ['x'], '  ')).toBe('label');
    expect(missingForLabelling(['k'], ['x'], 'a')).toBeNull();
  });

  it('labels only versions the user may edit', () => {
    const doctor = permissionsOf(me(['WRITE_DIAGNOSTIC']));
    const maker = permissionsOf(me(['ADMIN'], true));
    const technician = permissionsOf(me([]));
    expect(canLabel(version({}), doctor)).toBe(true);
    expect(canLabel(version({ locked: true }), doctor)).toBe(false);
    expect(canLabel(version({ source: null }), doctor)).toBe(false);
    expect(canLabel(version({}), technician)).toBe(false);
    expect(canLabel(version({ laboratoryId: null }), doctor)).toBe(false);
    expect(canLabel(version({ laboratoryId: null }), maker)).toBe(true);
  });
});
