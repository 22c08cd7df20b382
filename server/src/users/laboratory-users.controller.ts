import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { CreateUserDto } from './dto/create-user.dto';
import { CreatedUserDto } from './dto/created-user.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserPageQueryDto } from './dto/user-page-query.dto';
import { UserPageDto } from './dto/user-page.dto';
import { UserDto } from './dto/user.dto';
import { LaboratoryUsersService } from './laboratory-users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('laboratory/:id/users')
export class LaboratoryUsersController {
  constructor(private readonly users: LaboratoryUsersService) {}

  @Get()
  @ApiOkResponse({ type: UserPageDto })
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: UserPageQueryDto,
  ): Promise<UserPageDto> {
    return this.users.list(user, id, query);
  }

  @Post()
  @ApiOkResponse({ type: CreatedUserDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: CreateUserDto,
  ): Promise<CreatedUserDto> {
    return this.users.create(user, id, body);
  }

  @Put(':userId')
  @ApiOkResponse({ type: UserDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
    @Body() body: UpdateUserDto,
  ): Promise<UserDto> {
    return this.users.update(user, id, userId, body);
  }

  @Delete(':userId')
  @HttpCode(204)
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
  ): Promise<void> {
    return this.users.delete(user, id, userId);
  }
}
