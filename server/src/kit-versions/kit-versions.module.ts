import { Module } from '@nestjs/common';
import { KitVersionsController } from './kit-versions.controller';
import { KitVersionsService } from './kit-versions.service';

/** Official and laboratory kit versions (SPEC 7 "Kit versions"), plus locking a version. */
@Module({ controllers: [KitVersionsController], providers: [KitVersionsService] })
export class KitVersionsModule {}
