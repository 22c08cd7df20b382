import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** User: the signed-in user and, with the laboratories issue, a laboratory's users. */
@Module({ controllers: [UsersController], providers: [UsersService] })
export class UsersModule {}
