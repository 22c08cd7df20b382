import { Module } from '@nestjs/common';
import { apiRuntimeProvider } from '../common/api-runtime';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** Health: liveness (/api/health) and readiness (/api/ready) of the API process. */
@Module({ controllers: [HealthController], providers: [HealthService, apiRuntimeProvider] })
export class HealthModule {}
