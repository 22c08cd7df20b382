import { Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE, LaboratoryRepository } from '@amplio/db';
import { LaboratoriesController } from './laboratories.controller';
import { LaboratoriesService } from './laboratories.service';

const laboratoryRepository = {
  provide: LaboratoryRepository,
  inject: [DATA_SOURCE],
  useFactory: (dataSource: DataSource) => new LaboratoryRepository(dataSource),
};

/** Laboratory: the list, add, rename and delete of SPEC 7 "Laboratories" (users: see users/). */
@Module({
  controllers: [LaboratoriesController],
  providers: [LaboratoriesService, laboratoryRepository],
  exports: [LaboratoryRepository],
})
export class LaboratoriesModule {}
