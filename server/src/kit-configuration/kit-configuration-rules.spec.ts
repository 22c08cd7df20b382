import {
  buildConfiguration,
  checkDoctorControls,
  checkUniqueness,
  type ConfigurationInput,
  type DiagnosticInput,
  toDecimal,
} from './kit-configuration-rules';

let counter = 0;
const newId = (): string => `generated-${++counter}`;

const condition = (leftVariable = 'CQ FAM', operator = '<', rightVariable: unknown = 38) => ({
  expressions: [{ leftVariable, operator, rightVariable }],
});

const result = (overrides: Partial<DiagnosticInput> = {}): DiagnosticInput => ({
  id: 'positive',
  diagnosticType: 'RESULT',
  label: 'Positive',
  color: '#f5222d',
  validityType: 'VALID',
  conditions: [condition()],
  ...overrides,
});

const control = (overrides: Partial<DiagnosticInput> = {}): DiagnosticInput => ({
  id: 'pc-ok',
  diagnosticType: 'CONTROL',
  label: 'Positive control OK',
  color: '#1677ff',
  validityType: 'VALID',
  control: { controlType: 'KIT', sampleType: 'POSITIVE_CONTROL', barCode: 'PC-1' },
  conditions: [condition('CQ FAM', '<', 35)],
  ...overrides,
});

const input = (
  diagnostics: DiagnosticInput[],
  channels: ConfigurationInput['channels'] = [{ channel: 'FAM', threshold: '100.5' }],
) => ({
  channels,
  diagnostics,
});

const errorOf = (configuration: ConfigurationInput) => {
  const built = buildConfiguration(configuration, newId);
  return 'error' in built ? built.error : null;
};

describe('kit configuration rules (SPEC 5)', () => {
  it('reads decimals only', () => {
    expect(toDecimal('0.25')).toBe(0.25);
    expect(toDecimal('2,5')).toBe(2.5);
    expect(toDecimal(38)).toBe(38);
    expect(toDecimal('abc')).toBeNull();
    expect(toDecimal('1e3')).toBeNull();
    expect(toDecimal(Number.NaN)).toBeNull();
  });

  it('builds a valid configuration with generated ids and the decimal threshold', () => {
    const built = buildConfiguration(input([result({ id: null }), control()]), newId);
    expect('document' in built && built.document.channels[0]).toEqual({
      channel: 'FAM',
      threshold: 100.5,
      analyserChannel: null,
    });
    expect(
      'document' in built && built.document.diagnostics.map((d) => [d.id, d.index, d.controlType]),
    ).toEqual([
      [expect.stringMatching(/^generated-/), 0, null],
      ['pc-ok', 1, 'KIT'],
    ]);
  });

  it('keeps each Cq method of the engine (threshold, sdm, cy0) and reads anything else as threshold', () => {
    const methodOf = (cqMethod: string | null) => {
      const built = buildConfiguration({ ...input([result()]), cqMethod }, newId);
      return 'document' in built ? built.document.cqMethod : null;
    };
    expect([methodOf('threshold'), methodOf('sdm'), methodOf('cy0')]).toEqual(['threshold', 'sdm', 'cy0']);
    expect([methodOf(null), methodOf('max')]).toEqual(['threshold', 'threshold']);
  });

  it('requires channels and diagnostics', () => {
    expect(errorOf({ channels: [], diagnostics: [result()] })).toEqual({
      key: 'errorKitConfigurationNotConfigured',
      params: ['channels'],
    });
    expect(errorOf(input([]))).toEqual({
      key: 'errorKitConfigurationNotConfigured',
      params: ['diagnostics'],
    });
  });

  it('requires a decimal threshold on every channel', () => {
    expect(errorOf(input([result()], [{ channel: 'FAM', threshold: '' }]))).toEqual({
      key: 'errorFieldRequired',
      params: ['channels[0].threshold'],
    });
    expect(errorOf(input([result()], [{ channel: 'FAM', threshold: 'high' }]))).toEqual({
      key: 'errorFieldDecimal',
      params: ['channels[0].threshold'],
    });
    expect(
      errorOf(
        input(
          [result()],
          [
            { channel: 'FAM', threshold: 1 },
            { channel: 'fam', threshold: 1 },
          ],
        ),
      ),
    ).toEqual({
      key: 'errorFieldUnique',
      params: ['channels[1].channel'],
    });
  });

  it('requires a condition per diagnostic, an expression per condition, a variable, an operator and a decimal value', () => {
    expect(errorOf(input([result({ conditions: [] })]))).toEqual({
      key: 'errorFieldRequired',
      params: ['diagnostics[0].conditions'],
    });
    expect(errorOf(input([result({ conditions: [{ expressions: [] }] })]))).toEqual({
      key: 'errorFieldRequired',
      params: ['diagnostics[0].conditions[0].expressions'],
    });
    expect(errorOf(input([result({ conditions: [condition('', '<', 1)] })]))?.params).toEqual([
      'diagnostics[0].conditions[0].expressions[0].leftVariable',
    ]);
    expect(errorOf(input([result({ conditions: [condition('CQ FAM', '', 1)] })]))?.params).toEqual([
      'diagnostics[0].conditions[0].expressions[0].operator',
    ]);
    expect(errorOf(input([result({ conditions: [condition('CQ FAM', '!=', 1)] })]))?.key).toBe(
      'errorFieldRequired',
    );
    expect(errorOf(input([result({ conditions: [condition('CQ FAM', '<', null)] })]))?.key).toBe(
      'errorFieldRequired',
    );
    expect(errorOf(input([result({ conditions: [condition('CQ FAM', '<', 'x')] })]))).toEqual({
      key: 'errorFieldDecimal',
      params: ['diagnostics[0].conditions[0].expressions[0].rightVariable'],
    });
  });

  it('requires colour and validity, a label except on kit controls, a sample type on controls', () => {
    expect(errorOf(input([result({ color: '' })]))?.params).toEqual(['diagnostics[0].color']);
    expect(errorOf(input([result({ validityType: null })]))?.params).toEqual(['diagnostics[0].validityType']);
    expect(errorOf(input([result({ label: '' })]))?.params).toEqual(['diagnostics[0].label']);
    expect(errorOf(input([result(), control({ label: '' })]))).toBeNull();
    expect(
      errorOf(
        input([
          result(),
          control({ label: '', control: { controlType: 'INTERNAL', sampleType: 'POSITIVE_CONTROL' } }),
        ]),
      )?.params,
    ).toEqual(['diagnostics[1].label']);
    expect(errorOf(input([result(), control({ control: { controlType: 'KIT' } })]))?.params).toEqual([
      'diagnostics[1].control.sampleType',
    ]);
  });

  it('refuses duplicate colours case-insensitively among results and valid controls only', () => {
    expect(errorOf(input([result(), control({ color: '#F5222D' })]))).toEqual({
      key: 'errorFieldUnique',
      params: ['diagnostics[1].color'],
    });
    expect(errorOf(input([result(), control({ color: '#F5222D', validityType: 'INVALID' })]))).toBeNull();
  });

  it('refuses duplicate labels (ignoring invalid controls), kit control sample types and bar codes', () => {
    expect(errorOf(input([result(), result({ id: 'b', color: '#000000' })]))?.params).toEqual([
      'diagnostics[1].label',
    ]);
    expect(errorOf(input([result(), control({ label: 'Positive', validityType: 'INVALID' })]))).toBeNull();
    expect(
      errorOf(
        input([
          result(),
          control(),
          control({
            id: 'x',
            label: 'Other',
            color: '#000000',
            control: { controlType: 'KIT', sampleType: 'POSITIVE_CONTROL' },
          }),
        ]),
      ),
    ).toEqual({ key: 'errorFieldUnique', params: ['diagnostics[2].control.sampleType'] });
    expect(
      errorOf(
        input([
          result(),
          control(),
          control({
            id: 'y',
            label: 'NEC',
            color: '#000000',
            control: { controlType: 'INTERNAL', sampleType: 'NEGATIVE_EXTRACTION_CONTROL', barCode: 'pc-1' },
          }),
        ]),
      ),
    ).toEqual({ key: 'errorFieldUnique', params: ['diagnostics[2].control.barCode'] });
  });

  it('lets a doctor change results and internal controls, not kit controls, nor add or remove internal controls', () => {
    const build = (diagnostics: DiagnosticInput[]) => {
      const built = buildConfiguration(input(diagnostics), newId);
      if ('error' in built) throw new Error(built.error.key);
      return built.document.diagnostics;
    };
    const internal = control({
      id: 'nec',
      label: 'NEC OK',
      color: '#00ff00',
      control: { controlType: 'INTERNAL', sampleType: 'NEGATIVE_EXTRACTION_CONTROL' },
    });
    const before = build([result(), control(), internal]);
    expect(
      checkDoctorControls(
        before,
        build([result({ label: 'Detected' }), control(), { ...internal, label: 'Renamed' }]),
      ),
    ).toBeNull();
    expect(checkDoctorControls(before, build([result(), control({ color: '#123456' }), internal]))).toEqual({
      key: 'errorKitControlForbidden',
      params: [],
    });
    expect(checkDoctorControls(before, build([result(), control()]))).toEqual({
      key: 'errorInternalControlForbidden',
      params: [],
    });
  });

  it('checkUniqueness accepts a clean list', () => {
    const built = buildConfiguration(input([result(), control()]), newId);
    expect('document' in built && checkUniqueness(built.document.diagnostics)).toBeNull();
  });
});

describe('checkDoctorControls and stored key order', () => {
  it('sees no change when the stored expressions list their keys in another order', () => {
    const built = buildConfiguration(input([result(), control()]), () => 'id');
    if ('error' in built) throw new Error(built.error.key);
    const stored = JSON.parse(
      JSON.stringify(built.document.diagnostics).replace(
        /"leftVariable":("[^"]*"),"operator":("[^"]*")/g,
        '"operator":$2,"leftVariable":$1',
      ),
    ) as typeof built.document.diagnostics;
    expect(JSON.stringify(stored)).not.toBe(JSON.stringify(built.document.diagnostics));
    expect(checkDoctorControls(stored, built.document.diagnostics)).toBeNull();
  });
});
