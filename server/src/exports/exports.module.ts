import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

/** Run exports (PDF, XLSX, CSV, XML) through the export job (docs/exports.md, server section). */
@Module({
  imports: [RunsModule],
  controllers: [ExportsController],
  providers: [ExportsService],
})
export class ExportsModule {}
