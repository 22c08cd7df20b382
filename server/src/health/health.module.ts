import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** Health: liveness (and readiness) of the API process. */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
