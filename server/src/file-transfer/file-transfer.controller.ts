import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
} from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { FtpConfigurationDto } from './dto/ftp-configuration.dto';
import { FtpSendResultDto } from './dto/ftp-send-result.dto';
import { FtpTestResultDto } from './dto/ftp-test-result.dto';
import { SaveFtpConfigurationDto } from './dto/save-ftp-configuration.dto';
import { FtpConfigurationService } from './ftp-configuration.service';
import { TransferService } from './transfer.service';

/** SPEC 7 "FTP". */
@ApiTags('file-transfer')
@ApiBearerAuth()
@Controller()
export class FileTransferController {
  constructor(
    private readonly configurations: FtpConfigurationService,
    private readonly transfers: TransferService,
  ) {}

  @Get('ftp-connection')
  @ApiOkResponse({ type: FtpConfigurationDto })
  get(@CurrentUser() user: AuthenticatedUser): Promise<FtpConfigurationDto> {
    return this.configurations.get(user);
  }

  @Post('ftp-connection')
  @HttpCode(200)
  @ApiOkResponse({ type: FtpConfigurationDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveFtpConfigurationDto,
  ): Promise<FtpConfigurationDto> {
    return this.configurations.create(user, body);
  }

  @Put('ftp-connection')
  @ApiOkResponse({ type: FtpConfigurationDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveFtpConfigurationDto,
  ): Promise<FtpConfigurationDto> {
    return this.configurations.update(user, body);
  }

  @Delete('ftp-connection/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@CurrentUser() user: AuthenticatedUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.configurations.delete(user, id);
  }

  @Get('ftp-connection/configuration/valid')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: Boolean })
  valid(@CurrentUser() user: AuthenticatedUser): Promise<boolean> {
    return this.configurations.isValid(user);
  }

  @Post('ftp/test')
  @HttpCode(200)
  @ApiOkResponse({ type: FtpTestResultDto })
  test(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveFtpConfigurationDto,
  ): Promise<FtpTestResultDto> {
    return this.configurations.test(user, body);
  }

  @Post('ftp/send/run/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: FtpSendResultDto })
  send(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<FtpSendResultDto> {
    return this.transfers.send(user, id);
  }
}
