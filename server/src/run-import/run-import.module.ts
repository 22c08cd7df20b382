import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { RunFilesService } from './run-files.service';
import { RunImportController } from './run-import.controller';
import { RunImportService } from './run-import.service';

/** Run import: uploads, the import job, plate plans read at import, a run's original files. */
@Module({
  imports: [RunsModule],
  controllers: [RunImportController],
  providers: [RunImportService, RunFilesService],
})
export class RunImportModule {}
