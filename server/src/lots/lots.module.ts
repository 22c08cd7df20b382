import { Module } from '@nestjs/common';
import { LotsController } from './lots.controller';
import { LotsService } from './lots.service';

/** The laboratory's lots, their timeline and the lot changes since last seen (SPEC 7 "Lots"). */
@Module({ controllers: [LotsController], providers: [LotsService] })
export class LotsModule {}
