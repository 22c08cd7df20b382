import { Module } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { LaboratoriesModule } from '../laboratories/laboratories.module';
import { BuiltInUserDirectory } from './built-in-user-directory';
import { LaboratoryUsersController } from './laboratory-users.controller';
import { LaboratoryUsersService } from './laboratory-users.service';
import { USER_DIRECTORY } from './user-directory';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * User: the signed-in user and a laboratory's users. Users live in the identity provider: the
 * built-in directory (`app_user`) here; KeycloakUserDirectory (identity/) drives Keycloak's Admin
 * REST API behind the same interface once its admin credentials are configured.
 */
@Module({
  imports: [LaboratoriesModule],
  controllers: [UsersController, LaboratoryUsersController],
  providers: [
    UsersService,
    LaboratoryUsersService,
    {
      provide: USER_DIRECTORY,
      inject: [UserRepository],
      useFactory: (users: UserRepository) => new BuiltInUserDirectory(users),
    },
  ],
})
export class UsersModule {}
