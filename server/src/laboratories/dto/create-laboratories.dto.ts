import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';

/** Longest laboratory name accepted (documented in docs/identity.md). */
export const LABORATORY_NAME_MAX_LENGTH = 100;

/** POST /laboratory: the names of the laboratories to add (SPEC 7: a list of names). */
export class CreateLaboratoriesDto {
  @ApiProperty({ type: [String], example: ['Lab North', 'Lab South'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(LABORATORY_NAME_MAX_LENGTH, { each: true })
  @Matches(/^\P{Cc}*$/u, { each: true })
  names!: string[];
}
