import { configureApiClient } from '../../api/api-client';
import { exportRun } from '../../api/exports-api';

describe('exportRun (POST /run/export/{kind})', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("posts the request with the token and keeps the server's file name (laboratory time zone)", async () => {
    configureApiClient('http://amplio.test/api', () => 'token-1');
    const calls: Array<{ url: string; init: RequestInit }> = [];
    global.fetch = jest.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init: init ?? {} });
      return Promise.resolve(
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="R000001_PL-42_20260116-0030.pdf"' },
        }),
      );
    }) as typeof fetch;
    const file = await exportRun(
      'run-1',
      { format: 'pdf', isExportAsPlate: true, separator: ',', progressId: 'p-1' },
      'fallback.pdf',
    );
    expect(file.fileName).toBe('R000001_PL-42_20260116-0030.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(calls[0].url).toBe('http://amplio.test/api/run/export/run-1');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({
      format: 'pdf',
      isExportAsPlate: true,
      separator: ',',
      progressId: 'p-1',
    });
    const headers = new Headers(calls[0].init.headers);
    expect([headers.get('authorization'), headers.get('accept')]).toEqual(['Bearer token-1', '*/*']);
  });

  it('falls back to the given name when the answer names no file', async () => {
    configureApiClient('http://amplio.test/api', () => null);
    global.fetch = jest.fn(() => Promise.resolve(new Response('x', { status: 200 }))) as typeof fetch;
    const file = await exportRun('run-1', { format: 'csv', isExportAsPlate: false, separator: ';' }, 'f.csv');
    expect(file.fileName).toBe('f.csv');
  });
});
