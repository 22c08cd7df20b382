import { Inject, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import type { HealthDto, ReadinessDto } from './dto/health.dto';

const CHECK_TIMEOUT_MS = 2000;

async function check(work: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (/api/health): the process answers; nothing outside it is asked, so an outage elsewhere
 * never gets a live process restarted. Readiness (/api/ready): PostgreSQL, Redis when configured,
 * and the job queue each answer within 2 s; otherwise 503 with what failed.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly users: UserRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  health(): HealthDto {
    return { status: 'ok' };
  }

  async ready(): Promise<ReadinessDto> {
    const redis = this.runtime.redis;
    const [database, redisCheck, queue] = await Promise.all([
      check(() => this.users.ping()),
      redis ? check(() => redis.ping()) : Promise.resolve(null),
      check(() => this.jobs.ping()),
    ]);
    const checks = { database, queue, ...(redisCheck === null ? {} : { redis: redisCheck }) };
    const ready = Object.values(checks).every((value) => value === 'ok');
    return { status: ready ? 'ready' : 'unavailable', checks };
  }
}
