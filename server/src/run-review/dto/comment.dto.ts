import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { COMMENT_MAX_LENGTH } from '@amplio/db';
import { Trimmed } from '../../common/trimmed.decorator';

/** POST /run/{id}/comment. Plain text, at most 2000 characters (rendered as text, never HTML). */
export class CreateCommentDto {
  @ApiProperty({ maxLength: COMMENT_MAX_LENGTH })
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'value' })
  @MaxLength(COMMENT_MAX_LENGTH)
  value!: string;
}

/** PUT /run/{id}/comment: only the author edits. */
export class UpdateCommentDto extends CreateCommentDto {
  @ApiProperty() @IsUUID() id!: string;
}

/** POST /run/{id}/wells-comment: the same comment on each listed well. */
export class WellsCommentDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(384)
  @IsUUID('all', { each: true })
  wellIds!: string[];
  @ApiProperty({ maxLength: COMMENT_MAX_LENGTH })
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'comment' })
  @MaxLength(COMMENT_MAX_LENGTH)
  comment!: string;
}

export class CommentDto {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) wellId!: string | null;
  @ApiProperty() technicianName!: string;
  @ApiProperty() creationDateTime!: string;
  @ApiProperty() value!: string;
  @ApiProperty({ description: 'True when the caller wrote it (only the author edits)' }) editable!: boolean;
}
