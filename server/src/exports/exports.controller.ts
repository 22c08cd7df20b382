import { Body, Controller, Headers, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ExportRequestDto } from './dto/export-request.dto';
import { CONTENT_TYPES } from './exports.rules';
import { ExportsService } from './exports.service';

@ApiTags('exports')
@ApiBearerAuth()
@Controller('run/export')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** `kind`: the run id (wellIds optional: absent = whole plate), or a format with the run's wellIds. */
  @Post(':kind')
  @HttpCode(200)
  @ApiProduces(...Object.values(CONTENT_TYPES))
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('kind') kind: string,
    @Body() body: ExportRequestDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<StreamableFile> {
    const file = await this.exports.export(user, kind, body, acceptLanguage);
    return new StreamableFile(file.content, {
      type: CONTENT_TYPES[file.format],
      length: file.content.length,
      disposition: `attachment; filename="${file.fileName}"`,
    });
  }
}
