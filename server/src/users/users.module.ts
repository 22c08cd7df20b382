import { Module } from '@nestjs/common';
import { AuditRepository, UserRepository } from '@amplio/db';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import { LaboratoriesModule } from '../laboratories/laboratories.module';
import { LaboratoryUsersController } from './laboratory-users.controller';
import { LaboratoryUsersService } from './laboratory-users.service';
import { USER_DIRECTORY } from './user-directory';
import { userDirectoryFor } from './user-directory-for';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * User: the signed-in user and a laboratory's users. Users live in the identity provider: the
 * built-in directory (`app_user`), or KeycloakUserDirectory (identity/) driving Keycloak's Admin
 * REST API behind the same interface when an external Keycloak and its admin client are configured.
 */
@Module({
  imports: [LaboratoriesModule],
  controllers: [UsersController, LaboratoryUsersController],
  providers: [
    UsersService,
    LaboratoryUsersService,
    {
      provide: USER_DIRECTORY,
      inject: [UserRepository, AuditRepository, RUNTIME_SETTINGS],
      useFactory: (users: UserRepository, audit: AuditRepository, settings: RuntimeSettings) =>
        userDirectoryFor(settings.userDirectory, users, audit),
    },
  ],
})
export class UsersModule {}
