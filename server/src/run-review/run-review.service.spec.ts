import { HttpException } from '@nestjs/common';
import type {
  AuditRepository,
  KitRepository,
  LaboratoryRepository,
  LotRepository,
  RunEntity,
  RunRepository,
  RunReviewRepository,
} from '@amplio/db';
import type { EventPublisher } from '@amplio/events';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunAccessService } from '../runs/run-access.service';
import { RunReviewService } from './run-review.service';

const LAB = '00000000-0000-4000-8000-000000000001';
const RUN_ID = '11111111-1111-4111-8111-111111111111';

function user(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  return {
    id: 'u1',
    login: 'tess',
    displayName: 'Tess T',
    roles: ['TECHNICIAN'],
    laboratoryId: LAB,
    kitManufacturer: false,
    ...overrides,
  };
}

function runEntity(overrides: Partial<RunEntity> = {}): RunEntity {
  return {
    id: RUN_ID,
    businessId: 'R000001',
    laboratoryId: LAB,
    analyserId: 'thermo-quantstudio-da',
    plateType: 'RECTANGULAR_96',
    plateId: null,
    instrumentName: 'QS7',
    serialNumber: null,
    runDate: null,
    fileName: 'run.xlsx',
    parsedFormat: 'x',
    cycleCount: 40,
    status: 'RUN_TO_INTERPRET',
    importState: 'READY',
    importError: null,
    createdAt: new Date('2026-11-21T00:00:00Z'),
    createdById: 'u1',
    createdByName: 'Tess T',
    interpretationRunByName: 'Tess T',
    submittedByName: null,
    approvedBy: null,
    rejectedBy: null,
    ftpSent: null,
    dirty: false,
    kitAnalyserId: null,
    kitConfigurationVersion: null,
    ...overrides,
  };
}

/** RunReviewService with every repository and adapter mocked (the Immich newTestService pattern). */
function newTestService(run: RunEntity, unreviewed: string[] = []) {
  let current = run;
  const runs = {
    findRun: jest.fn(() => Promise.resolve(current)),
    findRunById: jest.fn(() => Promise.resolve(current)),
    transaction: jest.fn((work: (tx: unknown) => Promise<unknown>) => work({})),
    transition: jest.fn((_id: string, from: string, patch: Partial<RunEntity>) => {
      if (current.status !== from) return Promise.resolve(false);
      current = { ...current, ...patch };
      return Promise.resolve(true);
    }),
    kitPairs: jest.fn(() => Promise.resolve(new Map())),
    wellKitVersionNames: jest.fn(() => Promise.resolve(new Map<string, string>())),
    listWells: jest.fn(() => Promise.resolve([])),
  };
  const kits = { findAnalyser: jest.fn(() => Promise.resolve(null)) };
  const lots = { listLots: jest.fn(() => Promise.resolve([])) };
  const laboratories = { findById: jest.fn(() => Promise.resolve({ name: 'Demo laboratory' })) };
  const review = {
    unreviewedPositions: jest.fn(() => Promise.resolve(unreviewed)),
    deleteRun: jest.fn((_id: string, status: string) => Promise.resolve(current.status === status)),
  };
  const audit = { append: jest.fn(() => Promise.resolve(undefined)) };
  const events = { publish: jest.fn() };
  const access = new RunAccessService(
    runs as unknown as RunRepository,
    kits as unknown as KitRepository,
    lots as unknown as LotRepository,
    laboratories as unknown as LaboratoryRepository,
  );
  const sut = new RunReviewService(
    access,
    runs as unknown as RunRepository,
    review as unknown as RunReviewRepository,
    audit as unknown as AuditRepository,
    events as unknown as EventPublisher,
  );
  return { sut, access, mocks: { runs, kits, lots, audit, events, review } };
}

const statusOf = async (promise: Promise<unknown>): Promise<number> =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof HttpException ? error.getStatus() : 500),
  );

describe('RunReviewService review workflow', () => {
  it('submits an interpreted run, audits it and tells the laboratory live', async () => {
    const { sut, mocks } = newTestService(runEntity());
    const result = await sut.submit(user(), RUN_ID);
    expect(result.status).toBe('WAIT_FOR_APPROVAL');
    expect(result.submittedByName).toBe('Tess T');
    expect(mocks.audit.append).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'status',
        oldValue: { status: 'RUN_TO_INTERPRET' },
        actorName: 'Tess T',
      }),
      expect.anything(),
    );
    expect(mocks.events.publish).toHaveBeenCalledWith(
      [`laboratory:${LAB}`, 'super-admins', `run:${RUN_ID}`],
      'run.status',
      expect.objectContaining({ status: 'WAIT_FOR_APPROVAL' }),
    );
  });

  it('does not submit a run that was never interpreted', async () => {
    const { sut, mocks } = newTestService(runEntity({ interpretationRunByName: null }));
    expect(await statusOf(sut.submit(user(), RUN_ID))).toBe(409);
    expect(mocks.audit.append).not.toHaveBeenCalled();
  });

  it('lets only a physician approve, and only from WAIT_FOR_APPROVAL', async () => {
    const waiting = runEntity({ status: 'WAIT_FOR_APPROVAL' });
    expect(await statusOf(newTestService(waiting).sut.setStatus(user(), RUN_ID, 'APPROVED'))).toBe(403);
    const physician = user({ roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC'], displayName: 'Paul P' });
    const approved = await newTestService(waiting).sut.setStatus(physician, RUN_ID, 'APPROVED');
    expect(approved.status).toBe('APPROVED');
    expect(approved.approvedBy).toBe('Paul P');
    const rejected = await newTestService(waiting).sut.setStatus(physician, RUN_ID, 'REJECTED');
    expect(rejected.rejectedBy).toBe('Paul P');
    expect(await statusOf(newTestService(runEntity()).sut.setStatus(physician, RUN_ID, 'APPROVED'))).toBe(
      409,
    );
  });

  it('answers 404 for a run of another laboratory (the repository scopes it away)', async () => {
    const { access, mocks } = newTestService(runEntity());
    mocks.runs.findRun.mockResolvedValueOnce(null as unknown as RunEntity);
    expect(await statusOf(access.findAccessible(user(), RUN_ID))).toBe(404);
  });

  it('refuses approval (409, the unreviewed positions named) while a flagged well has no override', async () => {
    const physician = user({ roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC'] });
    const { sut, mocks } = newTestService(runEntity({ status: 'WAIT_FOR_APPROVAL' }), ['B3', 'C7']);
    const error = await sut.setStatus(physician, RUN_ID, 'APPROVED').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(409);
    expect((error as HttpException).getResponse()).toEqual(
      expect.objectContaining({ params: expect.arrayContaining(['B3, C7']) as unknown }),
    );
    expect(mocks.runs.transition).not.toHaveBeenCalled();
    // Rejecting is still possible.
    const rejected = await sut.setStatus(physician, RUN_ID, 'REJECTED');
    expect(rejected.status).toBe('REJECTED');
  });

  it.each([
    ['RUN_TO_INTERPRET', ['TECHNICIAN'], 204],
    ['WAIT_FOR_APPROVAL', ['TECHNICIAN'], 403],
    ['WAIT_FOR_APPROVAL', ['TECHNICIAN', 'WRITE_DIAGNOSTIC'], 204],
    ['APPROVED', ['TECHNICIAN', 'WRITE_DIAGNOSTIC'], 409],
    ['REJECTED', ['ADMIN', 'WRITE_DIAGNOSTIC'], 409],
  ] as const)('deletes a run at %s for %j: %d', async (status, roles, expected) => {
    const { sut, mocks } = newTestService(runEntity({ status }));
    const result = await statusOf(sut.delete(user({ roles: [...roles] }), RUN_ID));
    expect(result).toBe(expected === 204 ? 200 : expected);
    expect(mocks.review.deleteRun).toHaveBeenCalledTimes(expected === 204 ? 1 : 0);
    expect(mocks.audit.append).toHaveBeenCalledTimes(expected === 204 ? 1 : 0);
  });
});
