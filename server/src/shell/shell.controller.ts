import { Controller, Get, HttpCode, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ROLES, type Role } from '@amplio/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { Public } from '../auth/access-token.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ShellService } from './shell.service';

export class LaboratoryRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() kitManufacturer!: boolean;
}

export class MeDto {
  @ApiProperty() id!: string;
  @ApiProperty() login!: string;
  @ApiProperty() firstname!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ enum: ROLES, isArray: true }) roles!: Role[];
  @ApiProperty({ type: LaboratoryRefDto, nullable: true }) laboratory!: LaboratoryRefDto | null;
}

export class PublicPropertiesDto {
  @ApiProperty({ name: 'neoware.run.allowFileDownload' }) 'neoware.run.allowFileDownload'!: boolean;
  @ApiProperty() version!: string;
  @ApiProperty() buildDate!: string;
  @ApiProperty() udi!: string;
  @ApiProperty() reference!: string;
}

export class ReleaseNoteDto {
  @ApiProperty() version!: string;
  @ApiProperty({ format: 'date-time' }) date!: string;
  @ApiProperty() note!: string;
  @ApiProperty() alreadySeen!: boolean;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

@ApiTags('shell')
@Controller()
export class ShellController {
  constructor(@Inject(ShellService) private readonly shell: ShellService) {}

  @Public()
  @Get('health')
  @ApiOkResponse({ type: HealthDto })
  health(): Promise<HealthDto> {
    return this.shell.health();
  }

  @ApiBearerAuth()
  @Get('me')
  @ApiOkResponse({ type: MeDto })
  me(@CurrentUser() user: AuthenticatedUser): Promise<MeDto> {
    return this.shell.me(user);
  }

  @ApiBearerAuth()
  @Get('public-properties')
  @ApiOkResponse({ type: PublicPropertiesDto })
  publicProperties(): PublicPropertiesDto {
    return this.shell.publicProperties();
  }

  @ApiBearerAuth()
  @Get('release/last')
  @ApiOkResponse({ type: ReleaseNoteDto })
  lastRelease(@CurrentUser() user: AuthenticatedUser): Promise<ReleaseNoteDto> {
    return this.shell.lastRelease(user);
  }

  @ApiBearerAuth()
  @Put('release/:version/update-seen')
  @HttpCode(204)
  async releaseSeen(
    @CurrentUser() user: AuthenticatedUser,
    @Param('version') version: string,
  ): Promise<void> {
    await this.shell.markReleaseSeen(user, version);
  }
}
