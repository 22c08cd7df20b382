import { Module } from '@nestjs/common';
import { DATA_SOURCE, PlateTemplateRepository } from '@amplio/db';
import type { DataSource } from 'typeorm';
import { PlateTemplatesController } from './plate-templates.controller';
import { PlateTemplatesService } from './plate-templates.service';

/** Plate template: saved well layouts of a laboratory and the plate plan types Amplio reads. */
@Module({
  controllers: [PlateTemplatesController],
  providers: [
    PlateTemplatesService,
    {
      provide: PlateTemplateRepository,
      useFactory: (dataSource: DataSource) => new PlateTemplateRepository(dataSource),
      inject: [DATA_SOURCE],
    },
  ],
})
export class PlateTemplatesModule {}
