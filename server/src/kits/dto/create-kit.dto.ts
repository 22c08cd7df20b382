import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../common/trimmed.decorator';

export class CreateKitDto {
  @ApiProperty() @Trimmed() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty() @Trimmed() @IsString() @IsNotEmpty() @MaxLength(200) reference!: string;
}
