import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Trimmed } from '../../common/trimmed.decorator';

/** Official: kitId (+ sourceId to copy the latest locked version). Laboratory: sourceId. */
export class CreateKitVersionDto {
  @ApiProperty() @Trimmed() @IsString() @IsNotEmpty() @MaxLength(100) version!: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() kitId?: string;
  @ApiPropertyOptional({ description: 'The version copied (its configurations come along)' })
  @IsOptional()
  @IsUUID()
  sourceId?: string;
}
