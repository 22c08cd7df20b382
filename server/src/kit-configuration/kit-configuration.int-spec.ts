import {
  type ConfigurationTestApp,
  RESPIRATORY_VERSION,
  startConfigurationTestApp,
} from '../kits/testing/configuration-test-app';

interface Version {
  id: string;
  version: string;
  locked: boolean;
  rowVersion: number;
  laboratoryName: string | null;
  analysers: Array<{ analyserId: string; configured: boolean; kitAnalyserId: string | null }>;
}
interface Configuration {
  kitAnalyser: { kitAnalyserId: string | null; configurationVersion: number; locked: boolean };
  kitAnalyserChannels: Array<{ channel: string; threshold: number }>;
  diagnostics: Array<{
    id: string;
    label: string;
    diagnosticType: string;
    control: { controlType: string } | null;
  }>;
}

const famPositive = {
  diagnosticType: 'RESULT',
  label: 'FAM positive',
  color: '#FF0000',
  validityType: 'VALID',
  conditions: [{ expressions: [{ leftVariable: 'CQ FAM', operator: '<', rightVariable: '35' }] }],
};
const negativeControl = {
  diagnosticType: 'CONTROL',
  label: 'NC OK',
  color: '#00AA00',
  validityType: 'VALID',
  control: { controlType: 'KIT', sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL', barCode: 'NC-1' },
  conditions: [{ expressions: [{ leftVariable: 'CQ FAM', operator: '>=', rightVariable: 38 }] }],
};

describe('kits, kit versions and kit configuration (real PostgreSQL, every role, two laboratories)', () => {
  let app: ConfigurationTestApp;
  beforeAll(async () => {
    app = await startConfigurationTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  let kitId = '';
  let officialId = '';

  it('lists analysers and kits; only a manufacturer admin adds a kit, names are unique', async () => {
    expect((await app.call<unknown[]>('technician', 'GET', '/analysers')).body.length).toBeGreaterThanOrEqual(
      8,
    );
    expect((await app.call<unknown[]>('labadmin', 'GET', '/kit')).body.length).toBe(3);
    expect((await app.call<unknown[]>('othertech', 'GET', '/kit')).body).toEqual([]);
    expect((await app.call<unknown[]>('technician', 'GET', '/kit/link/lots')).body.length).toBe(3);
    for (const login of ['labadmin', 'superadmin', 'physician', 'technician'])
      expect((await app.call(login, 'POST', '/kit', { name: 'X', reference: 'R' })).status).toBe(403);
    expect(
      (
        await app.call('manufacturer', 'POST', '/kit', {
          name: 'Amplio SYBR Green Screening Kit',
          reference: 'R',
        })
      ).body,
    ).toEqual({
      message: 'errorKitNameExists',
      params: ['Amplio SYBR Green Screening Kit'],
    });
    expect((await app.call('manufacturer', 'POST', '/kit', { name: '', reference: 'R' })).body).toEqual({
      message: 'errorFieldRequired',
      params: ['name'],
    });
    const kit = await app.call<{ id: string }>('manufacturer', 'POST', '/kit', {
      name: 'E2E Kit',
      reference: 'E2E-1',
    });
    expect(kit.status).toBe(201);
    kitId = kit.body.id;
    expect((await app.call<string[]>('technician', 'GET', '/kit/statuses')).body).toEqual([
      'DRAFT',
      'ACTIVE',
      'INACTIVE',
    ]);
    expect(
      (await app.call<string[]>('technician', 'GET', '/kit/diagnostic/expression-operators')).body,
    ).toEqual(['=', '>', '>=', '<', '<=']);
    expect(
      (await app.call<string[]>('technician', 'GET', '/kit/diagnostic/expression-variables')).body,
    ).toEqual(['CQ FAM', 'CQ HEX', 'RFU FAM/HEX ratio']);
  });

  it('adds, configures and locks an official version (manufacturer admin only)', async () => {
    expect(
      (await app.call('labadmin', 'POST', '/kit-version/official', { kitId, version: '1.0' })).status,
    ).toBe(403);
    const created = await app.call<Version>('manufacturer', 'POST', '/kit-version/official', {
      kitId,
      version: '1.0',
    });
    expect(created.status).toBe(201);
    officialId = created.body.id;
    expect(
      (await app.call('manufacturer', 'POST', '/kit-version/official', { kitId, version: '1.1' })).body,
    ).toMatchObject({
      message: 'errorKitVersionLatestNotLocked',
    });
    const body = {
      kitVersionId: officialId,
      analyserId: 'biorad-cfx',
      kitAnalyserChannels: [{ channel: 'FAM', threshold: 'abc' }],
      diagnostics: [famPositive],
    };
    expect((await app.call('manufacturer', 'POST', '/kit/configuration', body)).body).toEqual({
      message: 'errorFieldDecimal',
      params: ['channels[0].threshold'],
    });
    expect(
      (
        await app.call('manufacturer', 'POST', '/kit/configuration', {
          ...body,
          kitAnalyserChannels: [{ channel: 'FAM', threshold: 150 }],
          diagnostics: [famPositive, { ...negativeControl, color: '#ff0000' }],
        })
      ).body,
    ).toEqual({ message: 'errorFieldUnique', params: ['diagnostics[1].color'] });
    expect(
      (
        await app.call('labadmin', 'POST', '/kit/configuration', {
          ...body,
          kitAnalyserChannels: [{ channel: 'FAM', threshold: 150 }],
        })
      ).status,
    ).toBe(403);
    const saved = await app.call<Configuration>('manufacturer', 'POST', '/kit/configuration', {
      ...body,
      kitAnalyserChannels: [{ channel: 'FAM', threshold: 150 }],
      diagnostics: [famPositive, negativeControl],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.kitAnalyser.configurationVersion).toBe(1);
    const kitAnalyserId = saved.body.kitAnalyser.kitAnalyserId as string;
    const update = {
      kitAnalyserId,
      configurationVersion: 1,
      kitAnalyserChannels: [{ channel: 'FAM', threshold: 120 }],
      diagnostics: saved.body.diagnostics,
    };
    expect(
      (await app.call<Configuration>('manufacturer', 'PUT', '/kit/admin/configuration', update)).body
        .kitAnalyser.configurationVersion,
    ).toBe(2);
    expect((await app.call('manufacturer', 'PUT', '/kit/admin/configuration', update)).body).toEqual({
      message: 'errorConfigurationConflict',
      params: [],
    });
    const page = await app.call<{ content: Version[]; totalElements: number }>(
      'manufacturer',
      'GET',
      `/kit-version/official?kitId=${kitId}&page=0&size=5&sort=createdDate,desc`,
    );
    expect(page.body.totalElements).toBe(1);
    expect(page.body.content[0].analysers).toEqual([
      { kitAnalyserId, analyserId: 'biorad-cfx', name: expect.any(String), configured: true },
    ]);
    const locked = await app.call<Version>('manufacturer', 'PUT', `/kit-version/${officialId}/lock`, {
      rowVersion: page.body.content[0].rowVersion,
    });
    expect(locked.body.locked).toBe(true);
    expect(
      (
        await app.call('manufacturer', 'PUT', '/kit/admin/configuration', {
          ...update,
          configurationVersion: 2,
        })
      ).body,
    ).toMatchObject({ message: 'errorKitVersionLocked' });
    expect(
      (await app.call('manufacturer', 'DELETE', `/kit-version/official/${officialId}`)).body,
    ).toMatchObject({ message: 'errorKitVersionLocked' });
    const copy = await app.call<Version>('manufacturer', 'POST', '/kit-version/official', {
      kitId,
      version: '2.0',
      sourceId: officialId,
    });
    expect(copy.body.analysers.map((a) => a.analyserId)).toEqual(['biorad-cfx']);
    expect(
      (await app.call('manufacturer', 'POST', '/kit-version/official', { kitId, version: '2.0' })).status,
    ).toBe(400);
    expect((await app.call('manufacturer', 'DELETE', `/kit-version/official/${copy.body.id}`)).status).toBe(
      204,
    );
  });

  it('lets a doctor customise a locked official version with lots, within their laboratory only', async () => {
    expect(
      (
        await app.call('physician', 'POST', '/kit-version/laboratory', {
          sourceId: officialId,
          version: 'lab-1',
        })
      ).body,
    ).toMatchObject({
      message: 'errorKitVersionWithoutLots',
    });
    expect(
      (
        await app.call('technician', 'POST', '/kit-version/laboratory', {
          sourceId: RESPIRATORY_VERSION,
          version: 'lab-1',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.call('manufacturer', 'POST', '/kit-version/laboratory', {
          sourceId: RESPIRATORY_VERSION,
          version: 'lab-1',
        })
      ).status,
    ).toBe(403);
    const custom = await app.call<Version>('physician', 'POST', '/kit-version/laboratory', {
      sourceId: RESPIRATORY_VERSION,
      version: 'Demo lab 1',
    });
    expect(custom.status).toBe(201);
    expect(custom.body.laboratoryName).toBe('Amplio Demo Laboratory');
    expect(custom.body.analysers.find((a) => a.analyserId === 'biorad-cfx')).toEqual(
      expect.objectContaining({ configured: false, kitAnalyserId: null }),
    );
    const next = await app.call<Configuration>(
      'physician',
      'GET',
      `/kit/configuration/next?kitVersion=${custom.body.id}&analyser=biorad-cfx`,
    );
    expect(next.body.kitAnalyser.kitAnalyserId).toBeNull();
    expect(next.body.kitAnalyserChannels.map((c) => c.channel)).toEqual(['FAM', 'HEX']);
    const kitControl = next.body.diagnostics.find((d) => d.control?.controlType === 'KIT');
    const changedKitControl = next.body.diagnostics.map((d) =>
      d === kitControl ? { ...d, label: 'Changed' } : d,
    );
    const create = {
      kitVersionId: custom.body.id,
      analyserId: 'biorad-cfx',
      kitAnalyserChannels: next.body.kitAnalyserChannels,
      diagnostics: changedKitControl,
    };
    expect((await app.call('physician', 'POST', '/kit/configuration', create)).body).toMatchObject({
      message: 'errorKitControlForbidden',
    });
    const withoutInternal = next.body.diagnostics.filter((d) => d.control?.controlType !== 'INTERNAL');
    expect(
      (await app.call('physician', 'POST', '/kit/configuration', { ...create, diagnostics: withoutInternal }))
        .body,
    ).toMatchObject({
      message: 'errorInternalControlForbidden',
    });
    const relabelled = next.body.diagnostics.map((d) =>
      d.diagnosticType === 'RESULT' && d.label === 'Positive' ? { ...d, label: 'Virus detected' } : d,
    );
    const saved = await app.call<Configuration>('physician', 'POST', '/kit/configuration', {
      ...create,
      diagnostics: relabelled,
    });
    expect(saved.status).toBe(201);
    const id = saved.body.kitAnalyser.kitAnalyserId as string;
    expect((await app.call('otherdoctor', 'GET', `/kit/configuration/${id}`)).status).toBe(404);
    expect(
      (
        await app.call('otherdoctor', 'PUT', '/kit/doctor/configuration', {
          kitAnalyserId: id,
          configurationVersion: 1,
          kitAnalyserChannels: next.body.kitAnalyserChannels,
          diagnostics: relabelled,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await app.call('technician', 'PUT', '/kit/doctor/configuration', {
          kitAnalyserId: id,
          configurationVersion: 1,
        })
      ).status,
    ).toBe(403);
    const doctorUpdate = await app.call<Configuration>('physician', 'PUT', '/kit/doctor/configuration', {
      kitAnalyserId: id,
      configurationVersion: 1,
      kitAnalyserChannels: [
        { channel: 'FAM', threshold: 80 },
        { channel: 'HEX', threshold: 80 },
      ],
      diagnostics: saved.body.diagnostics,
    });
    expect(doctorUpdate.body.kitAnalyserChannels.map((c) => c.threshold)).toEqual([80, 80]);
    const labPage = await app.call<{ content: Version[] }>(
      'physician',
      'GET',
      `/kit-version/laboratory?officialVersionId=${RESPIRATORY_VERSION}`,
    );
    expect(labPage.body.content.map((v) => v.version)).toEqual(['Demo lab 1']);
    expect(
      (
        await app.call<{ content: Version[] }>(
          'otherdoctor',
          'GET',
          `/kit-version/laboratory?officialVersionId=${RESPIRATORY_VERSION}`,
        )
      ).body.content,
    ).toEqual([]);
    expect(
      (
        await app.call<Version | null>(
          'physician',
          'GET',
          `/kit-version/laboratory/configured/most-recent?versionId=${RESPIRATORY_VERSION}`,
        )
      ).body?.id,
    ).toBe(custom.body.id);
    expect(
      (await app.call('otherdoctor', 'DELETE', `/kit-version/laboratory/${custom.body.id}`)).status,
    ).toBe(404);
    // SPEC 3: a kit carries its versions, official ones and the reader's laboratory's only.
    const versionIdsOnKits = async (login: string): Promise<string[]> =>
      (
        await app.call<Array<{ versions: Array<{ id: string; laboratoryId: string | null }> }>>(
          login,
          'GET',
          '/kit',
        )
      ).body.flatMap((kit) => kit.versions.map((version) => version.id));
    expect(await versionIdsOnKits('labadmin')).toEqual(
      expect.arrayContaining([RESPIRATORY_VERSION, custom.body.id]),
    );
    expect(await versionIdsOnKits('superadmin')).toContain(custom.body.id);
    const otherLaboratory = await versionIdsOnKits('otheradmin');
    expect(otherLaboratory).toContain(RESPIRATORY_VERSION);
    expect(otherLaboratory).not.toContain(custom.body.id);
    // The super admin crosses laboratories explicitly and sees the laboratory's name.
    const all = await app.call<{ content: Version[] }>('superadmin', 'GET', '/kit-version/laboratory');
    expect(all.body.content.map((v) => [v.version, v.laboratoryName])).toEqual([
      ['Demo lab 1', 'Amplio Demo Laboratory'],
    ]);
    // Locked, it can no longer be edited nor deleted; copying it again is allowed.
    const page = await app.call<{ content: Version[] }>('physician', 'GET', '/kit-version/laboratory');
    expect(
      (
        await app.call('technician', 'PUT', `/kit-version/${custom.body.id}/lock`, {
          rowVersion: page.body.content[0].rowVersion,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.call<Version>('physician', 'PUT', `/kit-version/${custom.body.id}/lock`, {
          rowVersion: page.body.content[0].rowVersion,
        })
      ).body.locked,
    ).toBe(true);
    expect(
      (await app.call('physician', 'DELETE', `/kit-version/laboratory/${custom.body.id}`)).body,
    ).toMatchObject({ message: 'errorKitVersionLocked' });
    expect(
      (
        await app.call('physician', 'POST', '/kit-version/laboratory', {
          sourceId: custom.body.id,
          version: 'Demo lab 2',
        })
      ).status,
    ).toBe(201);
  });

  it('offers sample types and diagnostics from the laboratory’s effective configuration', async () => {
    expect(
      (await app.call<Array<{ type: string }>>('technician', 'GET', '/sample-type')).body.map((t) => t.type),
    ).toEqual([
      'SAMPLE',
      'NEGATIVE_AMPLIFICATION_CONTROL',
      'NEGATIVE_EXTRACTION_CONTROL',
      'POSITIVE_CONTROL',
      'BLANK_CONTROL',
    ]);
    expect((await app.call<unknown[]>('technician', 'GET', '/sample-type/control')).body).toHaveLength(3);
    const template = await app.call<Array<{ type: string; controlType: string | null }>>(
      'technician',
      'GET',
      `/sample-type/template?kitVersionIds=${RESPIRATORY_VERSION}&analyserId=biorad-cfx`,
    );
    expect(template.body.map((t) => t.type)).toEqual([
      'SAMPLE',
      'BLANK_CONTROL',
      'POSITIVE_CONTROL',
      'NEGATIVE_AMPLIFICATION_CONTROL',
      'NEGATIVE_EXTRACTION_CONTROL',
    ]);
    const lots = await app.call<Array<{ type: string }>>(
      'technician',
      'GET',
      `/sample-type/run/configuration?lotIds=00000000-0000-4000-8000-000000000032&analyserId=biorad-cfx`,
    );
    expect(lots.body.map((t) => t.type)).toEqual([
      'SAMPLE',
      'BLANK_CONTROL',
      'POSITIVE_CONTROL',
      'NEGATIVE_AMPLIFICATION_CONTROL',
    ]);
    expect(
      (
        await app.call<unknown[]>(
          'othertech',
          'GET',
          `/sample-type/run/configuration?lotIds=00000000-0000-4000-8000-000000000032&analyserId=biorad-cfx`,
        )
      ).body,
    ).toEqual([]);
    expect(
      (
        await app.call(
          'technician',
          'GET',
          '/sample-type/run/interpretation/00000000-0000-4000-8000-00000000ffff',
        )
      ).status,
    ).toBe(404);
  });
});
