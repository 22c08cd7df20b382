import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-token.guard';
import { SearchService } from './search.service';

@ApiTags('search')
@ApiBearerAuth()
@Controller('run')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Post('reindex-elasticsearch')
  @HttpCode(202)
  @Roles('SUPER_ADMIN')
  async reindex(): Promise<void> {
    await this.search.reindex();
  }
}
