import { HttpStatus, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { MeDto } from './dto/me.dto';

/** Users: the signed-in user; laboratory users arrive with the laboratories issue. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UserRepository) {}

  async me(user: AuthenticatedUser): Promise<MeDto> {
    const row = await this.users.findById(user.id);
    if (!row) throw new ApiError(HttpStatus.UNAUTHORIZED, 'errorUnauthorized');
    const laboratory = row.laboratoryId ? await this.users.findLaboratory(row.laboratoryId) : null;
    return {
      id: row.id,
      login: row.login,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      roles: user.roles,
      laboratory: laboratory
        ? { id: laboratory.id, name: laboratory.name, kitManufacturer: laboratory.kitManufacturer }
        : null,
    };
  }
}
