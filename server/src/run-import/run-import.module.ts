import { Module } from '@nestjs/common';
import { apiRuntimeProvider } from '../common/api-runtime';
import { RunsModule } from '../runs/runs.module';
import { ImportRecoveryService } from './import-recovery.service';
import { RunFilesService } from './run-files.service';
import { RunImportController } from './run-import.controller';
import { RunImportService } from './run-import.service';

/**
 * Run import: uploads (streamed to disk), the import job and its recovery (outbox relay, stuck and
 * abandoned imports), plate plans read at import, a run's original files.
 */
@Module({
  imports: [RunsModule],
  controllers: [RunImportController],
  providers: [RunImportService, RunFilesService, ImportRecoveryService, apiRuntimeProvider],
})
export class RunImportModule {}
