import { ApiProperty } from '@nestjs/swagger';

/** A laboratory user (SPEC 3). */
export class UserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() login!: string;
  @ApiProperty() lastname!: string;
  @ApiProperty() firstname!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: [String] }) requiredActions!: string[];
  @ApiProperty() admin!: boolean;
  @ApiProperty() doctor!: boolean;
}
