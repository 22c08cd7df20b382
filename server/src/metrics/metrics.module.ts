import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** Prometheus metrics (mounted at /metrics by mountOperations, outside the /api prefix). */
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
