import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, Matches } from 'class-validator';

/** PUT /laboratory/{id}/users/{userId}: login may be sent but never changes (SPEC 5). */
export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'Must equal the current login' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  login?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @Matches(/^\P{Cc}*$/u) lastname?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^\P{Cc}*$/u)
  firstname?: string;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() admin?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() doctor?: boolean;
}
