import { Module } from '@nestjs/common';
import { ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';

/** Release note: the product version, its public properties and the release note each user has seen. */
@Module({ controllers: [ReleasesController], providers: [ReleasesService] })
export class ReleasesModule {}
