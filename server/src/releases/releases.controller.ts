import { Controller, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { PublicPropertiesDto } from './dto/public-properties.dto';
import { ReleaseNoteDto } from './dto/release-note.dto';
import { ReleasesService } from './releases.service';

@ApiTags('releases')
@ApiBearerAuth()
@Controller()
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  @Get('public-properties')
  @ApiOkResponse({ type: PublicPropertiesDto })
  publicProperties(): PublicPropertiesDto {
    return this.releases.publicProperties();
  }

  @Get('release/last')
  @ApiOkResponse({ type: ReleaseNoteDto })
  lastRelease(@CurrentUser() user: AuthenticatedUser): Promise<ReleaseNoteDto> {
    return this.releases.lastRelease(user);
  }

  @Put('release/:version/update-seen')
  @HttpCode(204)
  async releaseSeen(
    @CurrentUser() user: AuthenticatedUser,
    @Param('version') version: string,
  ): Promise<void> {
    await this.releases.markReleaseSeen(user, version);
  }
}
