import { ApiProperty } from '@nestjs/swagger';
import { UserDto } from './user.dto';

export class UserPageDto {
  @ApiProperty({ type: [UserDto] }) content!: UserDto[];
  @ApiProperty() totalElements!: number;
  @ApiProperty({ description: 'Page index, from 0' }) number!: number;
}
