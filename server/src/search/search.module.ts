import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** Search: the run search index and its rebuild. */
@Module({ controllers: [SearchController], providers: [SearchService] })
export class SearchModule {}
