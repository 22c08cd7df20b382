import { Module } from '@nestjs/common';
import { SampleTypesController } from './sample-types.controller';
import { SampleTypesService } from './sample-types.service';

/** Sample types and diagnostics (SPEC 7 "Sample types and diagnostics"). */
@Module({ controllers: [SampleTypesController], providers: [SampleTypesService] })
export class SampleTypesModule {}
