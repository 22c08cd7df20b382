import { Module } from '@nestjs/common';
import { PlateTemplatesController } from './plate-templates.controller';

/** Plate template: saved well layouts and the plate plan types Amplio reads. */
@Module({ controllers: [PlateTemplatesController] })
export class PlateTemplatesModule {}
