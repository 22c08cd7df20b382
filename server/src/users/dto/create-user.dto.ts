import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

/** POST /laboratory/{id}/users. */
export class CreateUserDto {
  @ApiProperty({ maxLength: 64, example: 'j.doe' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9._@-]+$/)
  login!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) @Matches(/^\P{Cc}*$/u) lastname!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) @Matches(/^\P{Cc}*$/u) firstname!: string;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 254 })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;
  @ApiProperty() @IsBoolean() enabled!: boolean;
  @ApiProperty() @IsBoolean() admin!: boolean;
  @ApiProperty() @IsBoolean() doctor!: boolean;
}
