import { ApiProperty } from '@nestjs/swagger';
import { UserDto } from './user.dto';

/** The new user and its one-time password, shown once to the creator. */
export class CreatedUserDto extends UserDto {
  @ApiProperty({ description: 'To give to the user; must be changed at the first sign-in' })
  oneTimePassword!: string;
}
