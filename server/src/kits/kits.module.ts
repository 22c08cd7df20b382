import { Module } from '@nestjs/common';
import { KitsController } from './kits.controller';
import { KitsService } from './kits.service';

/** Analysers and kits (SPEC 7 "Analysers and kits", except the kit configuration calls). */
@Module({ controllers: [KitsController], providers: [KitsService] })
export class KitsModule {}
