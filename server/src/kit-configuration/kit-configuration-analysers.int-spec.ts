import {
  type ConfigurationTestApp,
  DEMO_LABORATORY,
  startConfigurationTestApp,
} from '../kits/testing/configuration-test-app';

interface Configuration {
  kitAnalyserChannels: Array<{ channel: string; threshold: number }>;
  diagnostics: unknown[];
}

/**
 * SPEC 6: only a kit manufacturer adds analysers. A laboratory version may configure an analyser its
 * official version is configured for, and no other (the browser hid the button; the API let it through).
 */
describe('analysers of a laboratory version (real PostgreSQL)', () => {
  let app: ConfigurationTestApp;
  beforeAll(async () => {
    app = await startConfigurationTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("configures the official version's analysers only", async () => {
    // A locked official version with a lot in the demo laboratory, configured for the CFX and not for
    // QuantStudio Design & Analysis (the demo SYBR kit).
    const [official] = await app.dataSource.query<Array<{ id: string }>>(
      `SELECT kv.id FROM kit_version kv
        WHERE kv.laboratory_id IS NULL AND kv.locked
          AND EXISTS (SELECT 1 FROM lot l WHERE l.kit_version_id = kv.id AND l.laboratory_id = $1)
          AND EXISTS (SELECT 1 FROM kit_analyser ka WHERE ka.kit_version_id = kv.id AND ka.analyser_id = 'biorad-cfx')
          AND NOT EXISTS (SELECT 1 FROM kit_analyser ka
                           WHERE ka.kit_version_id = kv.id AND ka.analyser_id = 'thermo-quantstudio-da')
        LIMIT 1`,
      [DEMO_LABORATORY],
    );
    expect(official).toBeDefined();
    const custom = await app.call<{ id: string }>('physician', 'POST', '/kit-version/laboratory', {
      sourceId: official.id,
      version: 'Analysers lab 1',
    });
    expect(custom.status).toBe(201);
    const next = await app.call<Configuration>(
      'physician',
      'GET',
      `/kit/configuration/next?kitVersion=${custom.body.id}&analyser=biorad-cfx`,
    );
    const body = (analyserId: string) => ({
      kitVersionId: custom.body.id,
      analyserId,
      kitAnalyserChannels: next.body.kitAnalyserChannels,
      diagnostics: next.body.diagnostics,
    });
    const added = await app.call('physician', 'POST', '/kit/configuration', body('thermo-quantstudio-da'));
    expect(added).toMatchObject({ status: 403, body: { message: 'errorManufacturerOnly' } });
    const labAdmin = await app.call('labadmin', 'POST', '/kit/configuration', body('thermo-quantstudio-da'));
    expect(labAdmin.status).toBe(403);
    expect((await app.call('physician', 'POST', '/kit/configuration', body('biorad-cfx'))).status).toBe(201);
  });
});
